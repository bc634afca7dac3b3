import { sql } from 'drizzle-orm';
import {
  AppError,
  asKobo,
  calendarDate,
  classify,
  currentMonth,
  lastDayOfMonth,
  periodLockedMessage,
  provisionDifference,
  provisionKobo,
  provisionRateBp,
  type ProvisionRunInput,
  type ProvisionRunView,
} from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { ledgerPeriodLocks } from '../../db/schema.ts';
import { insertEntry, mappedAccounts } from '../books/journal-writes.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { heldProvisionSql, loanPositionsSql } from './loan-positions-sql.ts';
import { provisionRunViews } from './provision-run-views.ts';
import { readRiskSettings } from './risk-settings.ts';

type PositionRow = { loan_id: string; outstanding: string; days: number };

/**
 * The month-end provision (issue 33; docs/decisions/054): each active loan's required provision on
 * the month's last day (today, for the month still running), kept as the run's lines, and ONE
 * entry for the difference from what "Loan loss provision" holds: Dr Provision for loan losses /
 * Cr Loan loss provision when more is needed, the reverse when less. A rerun posts only the new
 * difference (nothing when nothing changed). The provision mapping's row is locked first, so two
 * runs, or a run and a write-off, never read the account's balance at the same time.
 */
export async function runProvision(deps: { db: Database; now: () => Date; timeZone: string }, actor: Actor, input: ProvisionRunInput): Promise<ProvisionRunView> {
  const today = calendarDate(deps.now(), deps.timeZone);
  const month = input.month;
  if (month > currentMonth(deps.now(), deps.timeZone)) throw new AppError('PROVISION_MONTH_AHEAD', { field: 'month' });
  const monthEnd = lastDayOfMonth(month);
  const asOf = monthEnd < today ? monthEnd : today;
  const runId = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select account_id from ledger_mappings where key = 'loans.provision' for update`);
    const [locked] = await tx.select({ month: ledgerPeriodLocks.month }).from(ledgerPeriodLocks).where(sql`${ledgerPeriodLocks.book} = 'scheme' and ${ledgerPeriodLocks.month} = ${month}`);
    if (locked) throw new AppError('PERIOD_LOCKED', { message: periodLockedMessage('scheme', month), field: 'month' });
    const [later] = await queryRows<{ month: string }>(tx, sql`select month from loan_provision_runs where month > ${month} limit 1`);
    if (later) throw new AppError('PROVISION_MONTH_PASSED', { field: 'month' });
    const settings = await readRiskSettings(tx);
    const positions = await queryRows<PositionRow>(tx, sql`${loanPositionsSql(asOf)} order by i.loan_id`);
    const lines = positions.map((position) => {
      const outstanding = koboFromDb(position.outstanding);
      const classification = classify(position.days, settings);
      const rateBp = provisionRateBp(classification, settings);
      return { loan_id: position.loan_id, classification, days: position.days, outstanding, rate_bp: rateBp, provision: provisionKobo(outstanding, rateBp) };
    });
    const required = asKobo(lines.reduce((sum, line) => sum + line.provision, 0));
    const [heldRow] = await queryRows<{ held: string }>(tx, heldProvisionSql);
    const held = koboFromDb(heldRow?.held);
    const difference = provisionDifference(required, held);
    let entryId: string | null = null;
    if (difference !== 0) {
      const accounts = await mappedAccounts(tx, ['loans.provision', 'loans.provision_expense']);
      entryId = await insertEntry(tx, {
        book: 'scheme',
        valueDate: asOf,
        sourceType: 'provision',
        narration: `Loan loss provision · ${month}`,
        createdById: actor.id,
        lines: [
          { accountId: accounts.get('loans.provision_expense') as string, amountKobo: difference },
          { accountId: accounts.get('loans.provision') as string, amountKobo: -difference },
        ],
      });
    }
    const [run] = await queryRows<{ id: string }>(
      tx,
      sql`insert into loan_provision_runs (month, as_of, loan_count, required_kobo, held_before_kobo, difference_kobo, entry_id, settings, created_by_id, created_by_name)
          values (${month}, ${asOf}::date, ${lines.length}, ${required}, ${held}, ${difference}, ${entryId}::uuid, ${JSON.stringify(settings)}::jsonb, ${actor.id}, ${actor.name})
          returning id::text`,
    );
    const id = (run as { id: string }).id;
    if (lines.length > 0) {
      await tx.execute(sql`
        insert into loan_provision_lines (run_id, loan_id, classification, days_in_arrears, outstanding_principal_kobo, rate_bp, provision_kobo)
        select ${id}::uuid, l.loan_id, l.classification, l.days, l.outstanding, l.rate_bp, l.provision
        from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as l(loan_id uuid, classification text, days int, outstanding bigint, rate_bp int, provision bigint)`);
    }
    await recordAudit(tx, {
      kind: 'loan_risk.provision_run',
      actor,
      target: { type: 'books_month', id: month, label: `Loan loss provision · ${month}` },
      before: { heldKobo: held },
      after: { runId: id, asOf, loanCount: lines.length, requiredKobo: required, differenceKobo: difference, entryId },
      at: deps.now(),
    });
    return id;
  });
  const [view] = await provisionRunViews(deps.db, [runId]);
  return view as ProvisionRunView;
}
