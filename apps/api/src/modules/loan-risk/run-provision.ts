import { sql } from 'drizzle-orm';
import {
  AppError,
  calendarDate,
  currentMonth,
  lastDayOfMonth,
  monthLabel,
  periodLockedMessage,
  provisionDifference,
  type ProvisionRunInput,
  type ProvisionRunView,
} from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { ledgerPeriodLocks } from '../../db/schema.ts';
import { insertEntry, mappedAccounts } from '../ledger/journal-writes.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { classificationSql, heldProvisionSql, loanPositionsSql, provisionSql, rateBpSql } from './loan-positions-sql.ts';
import { provisionRunViews } from './provision-run-views.ts';
import { readRiskSettings } from './risk-settings.ts';

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
    const [heldRow] = await queryRows<{ held: string }>(tx, heldProvisionSql);
    const held = koboFromDb(heldRow?.held);
    // The run's row first (its lines name it), as if nothing were required yet; its figures are set
    // once the lines are written.
    const [run] = await queryRows<{ id: string }>(
      tx,
      sql`insert into loan_provision_runs (month, as_of, loan_count, required_kobo, held_before_kobo, difference_kobo, entry_id, settings, created_by_id, created_by_name)
          values (${month}, ${asOf}::date, 0, ${Math.max(held, 0)}, ${Math.max(held, 0)}, 0, null, ${JSON.stringify(settings)}::jsonb, ${actor.id}, ${actor.name})
          returning id::text`,
    );
    const id = (run as { id: string }).id;
    // Every active loan's line in one statement: core's classify and provisionKobo, written out in
    // SQL from the settings (loan-positions-sql.ts), as the report computes them.
    const [sums] = await queryRows<{ loans: number; required: string }>(
      tx,
      sql`
        with positions as (${loanPositionsSql(asOf)}),
        lines as (
          insert into loan_provision_lines (run_id, loan_id, classification, days_in_arrears, outstanding_principal_kobo, rate_bp, provision_kobo)
          select ${id}::uuid, p.loan_id, ${classificationSql(sql`p.days`, settings)}, p.days, greatest(p.outstanding, 0), ${rateBpSql(sql`p.days`, settings)},
                 ${provisionSql(sql`p.outstanding`, rateBpSql(sql`p.days`, settings))}
          from positions p
          returning provision_kobo
        )
        select count(*)::int as loans, coalesce(sum(provision_kobo), 0)::bigint as required from lines`,
    );
    const loanCount = sums?.loans ?? 0;
    const required = koboFromDb(sums?.required);
    const difference = provisionDifference(required, held);
    let entryId: string | null = null;
    if (difference !== 0) {
      const accounts = await mappedAccounts(tx, ['loans.provision', 'loans.provision_expense']);
      entryId = await insertEntry(tx, {
        book: 'scheme',
        valueDate: asOf,
        sourceType: 'provision',
        sourceId: id,
        narration: `Loan loss provision · ${monthLabel(month)}`,
        createdById: actor.id,
        lines: [
          { accountId: accounts.get('loans.provision_expense') as string, amountKobo: difference },
          { accountId: accounts.get('loans.provision') as string, amountKobo: -difference },
        ],
      });
    }
    await tx.execute(sql`
      update loan_provision_runs
      set loan_count = ${loanCount}, required_kobo = ${required}, held_before_kobo = ${held}, difference_kobo = ${difference}, entry_id = ${entryId}::uuid
      where id = ${id}::uuid`);
    await recordAudit(tx, {
      kind: 'loan_risk.provision_run',
      actor,
      target: { type: 'books_month', id: month, label: `Loan loss provision · ${month}` },
      before: { heldKobo: held },
      after: { runId: id, asOf, loanCount, requiredKobo: required, differenceKobo: difference, entryId },
      at: deps.now(),
    });
    return id;
  });
  const [view] = await provisionRunViews(deps.db, [runId]);
  return view as ProvisionRunView;
}
