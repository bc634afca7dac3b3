import { eq, sql } from 'drizzle-orm';
import { AppError, calendarDate, ORDINARY_SAVINGS_PRODUCT_ID, type YearEndLine, type YearEndRun } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { yearEndRuns } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { readApprovalSettings } from '../savings/requests/approval-settings.ts';
import { assertYearOpen, proposalOf, readRunRow, toRunView } from './run-store.ts';
import { refuseProblems, workOutRun } from './work-out-run.ts';

/**
 * Approves a draft (issue 31, "The run" 5): its figures are worked out once more from the books as
 * they stand and frozen with every member's line; an approved run is never edited. With two-person
 * approval on, the officer who drew the run up cannot approve it.
 */
export async function approveRun(deps: SavingsDeps, actor: Actor, id: string): Promise<YearEndRun> {
  return deps.db.transaction(async (tx) => {
    const row = await readRunRow(tx, id, true);
    if (row.status !== 'draft') throw new AppError('YEAR_END_RUN_NOT_DRAFT');
    const { twoPersonThresholdKobo } = await readApprovalSettings(tx);
    if (twoPersonThresholdKobo !== null && row.createdById === actor.id) throw new AppError('YEAR_END_OWN_RUN');
    await assertYearOpen(tx, row.year);
    // The lines are frozen from the whole year's balances: a year still running has not made them yet.
    if (calendarDate(deps.now(), deps.timeZone) <= row.toDate) throw new AppError('YEAR_END_YEAR_NOT_OVER');
    const { figures, lines } = await workOutRun(deps, proposalOf(row), tx);
    refuseProblems(figures);
    const at = deps.now();
    await storeLines(tx, id, await withAccounts(tx, lines, at));
    const [updated] = await tx
      .update(yearEndRuns)
      .set({ status: 'approved', figures, approvedById: actor.id, approvedByName: actor.name, approvedAt: at, updatedAt: at })
      .where(eq(yearEndRuns.id, id))
      .returning();
    if (!updated) throw new AppError('YEAR_END_RUN_NOT_FOUND');
    await recordAudit(tx, {
      kind: 'yearend.run_approved',
      actor,
      target: { type: 'year_end_run', id, label: `Year end ${row.year}` },
      before: { status: 'draft' },
      after: { status: 'approved', lines: lines.length, dividendKobo: figures.dividend.amountKobo, interest: figures.interest.map((item) => ({ productId: item.productId, amountKobo: item.amountKobo })) },
      at,
    });
    return toRunView(updated);
  });
}

/**
 * A dividend is paid into the member's ordinary savings: a shareholder who never saved there has
 * the account opened now (at ₦0), in one statement, so every frozen line names its account.
 */
async function withAccounts(tx: Transaction, lines: YearEndLine[], at: Date): Promise<(YearEndLine & { accountId: string })[]> {
  const missing = [...new Set(lines.filter((line) => line.accountId === null).map((line) => line.userId))];
  const opened = new Map<string, string>();
  if (missing.length > 0) {
    const rows = await queryRows<{ id: string; user_id: string }>(
      tx,
      sql`insert into savings_accounts (user_id, holder_name, staff_id, product_id, balance_kobo, last_updated)
          select u.id, u.name, u.staff_id, ${ORDINARY_SAVINGS_PRODUCT_ID}::uuid, 0, ${at.toISOString()}
          from users u where u.id in (select jsonb_array_elements_text(${JSON.stringify(missing)}::jsonb))
          on conflict (user_id, product_id) do update set last_updated = savings_accounts.last_updated
          returning id::text, user_id`,
    );
    for (const row of rows) opened.set(row.user_id, row.id);
  }
  return lines.map((line) => {
    const accountId = line.accountId ?? opened.get(line.userId);
    if (!accountId) throw new Error(`no ordinary account for ${line.userId}`);
    return { ...line, accountId };
  });
}

/** Every line in one statement. */
async function storeLines(tx: Transaction, runId: string, lines: (YearEndLine & { accountId: string })[]): Promise<void> {
  const input = JSON.stringify(lines.map((line, index) => ({ ...line, lineNo: index + 1 })));
  await tx.execute(sql`
    insert into year_end_lines (run_id, line_no, user_id, name, staff_id, part, label, method, rate_bp, basis_kobo, gross_kobo, tax_kobo, net_kobo, account_id, to_product_name)
    select ${runId}::uuid, r."lineNo", r."userId", r.name, r."staffId", r.part, r.label, r.method, r."rateBp", r."basisKobo", r."grossKobo", r."taxKobo", r."netKobo", r."accountId", r."toProductName"
    from json_to_recordset(${input}::json) as r("lineNo" int, "userId" text, name text, "staffId" text, part text, label text, method text, "rateBp" int,
      "basisKobo" bigint, "grossKobo" bigint, "taxKobo" bigint, "netKobo" bigint, "accountId" uuid, "toProductName" text)`);
}
