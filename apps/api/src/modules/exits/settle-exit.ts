import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { AppError, calendarDate, EXIT_REASON_LABELS, isUuid, type ExitStatement, type ExitView, type IsoDate } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { auditLog, memberExits } from '../../db/schema.ts';
import type { QueuedMail } from '../../mail/outbox.ts';
import { mappedAccounts } from '../ledger/journal-writes.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { storeRepayments, type RepaymentEntry } from '../loans/store-repayments.ts';
import { moveBalances, writeStampedRows, type NewRow } from '../savings/product-ledger.ts';
import type { ExitDeps } from './exits.routes.ts';
import { recoveryMail, settledMail } from './exit-settlement-mail.ts';
import { readExitRow, toExitView, type ExitRow } from './exit-store.ts';
import { refuseUnsettleableAll, workOutStatements, type WorkedStatement } from './work-out-statement.ts';
import { cancelLeaversRequests, lockLeaversRequests } from '../savings/requests/cancel-leavers-requests.ts';

/** The description a recovering guarantor's withdrawal carries; the reversal finds those rows by it. */
export const recoveryDescription = (leaverName: string) => `Recovery for ${leaverName}'s loan`;
export const EXIT_INTEREST_DESCRIPTION = 'Interest to the exit date';
export const EXIT_WITHDRAWAL_DESCRIPTION = 'Paid out on exit';

/**
 * Settles an approved exit, all or nothing, once (issue 32, step 4; docs/decisions/051). In one
 * transaction: the exit row locked; the member's accounts and the recovering guarantors' locked
 * FOR NO KEY UPDATE in id order, then the member's loans FOR UPDATE (decision 042's order), so a
 * posting racing this either lands first (and the statement, worked out again under the locks,
 * differs from the approved one: EXIT_STATEMENT_CHANGED) or waits and is refused as closed. Then,
 * with the posting rules told the caller books them (kobo.journal_by_caller = 'exit'): each
 * product's pro rata interest and a withdrawal emptying it, each guarantor's recovery, each loan's
 * payoff (instalments paid, interest to date, the rest waived, the loan repaid), and ONE journal
 * entry for all of it. The accounts close, the member can no longer sign in, the guarantors and
 * the member (unless dead) are mailed, and it is audited.
 */
export async function settleExit(deps: ExitDeps, actor: Actor, id: string, key: IdempotencyKey | null): Promise<IdempotentResult<ExitView>> {
  if (!isUuid(id)) throw new AppError('EXIT_NOT_FOUND');
  return postIdempotently(deps.db, key, async (tx) => {
    const row = await readExitRow(tx, id, true);
    const [settled] = await settleLocked(tx, deps, actor, [row]);
    return toExitView(settled as ExitRow);
  });
}

/**
 * Settles exits whose rows the caller holds locked (one, or a batch's, set-based: a handful of
 * statements however many there are). Any refusal stops them all.
 */
export async function settleLocked(tx: Transaction, deps: Pick<ExitDeps, 'now' | 'timeZone'>, actor: Actor, rows: readonly ExitRow[]): Promise<ExitRow[]> {
  for (const row of rows) {
    if (row.status === 'settled' || row.status === 'paid') throw new AppError('EXIT_ALREADY_SETTLED');
    if (row.status !== 'approved' || !row.statement || !row.settlementDate) throw new AppError('EXIT_NOT_APPROVED');
  }
  const frozen = new Map(rows.map((row) => [row.id, row.statement as ExitStatement]));
  const guarantorAccounts = rows.flatMap((row) => (row.statement as ExitStatement).recoveries.map((recovery) => recovery.accountId));
  const pendingRequests = await lockLeaversRequests(tx, rows.map((row) => row.userId));
  await tx.execute(sql`
    select a.id from savings_accounts a
    where a.user_id in (select jsonb_array_elements_text(${JSON.stringify(rows.map((row) => row.userId))}::jsonb))
       or a.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(guarantorAccounts)}::jsonb))
    order by a.id for no key update`);
  const today = calendarDate(deps.now(), deps.timeZone);
  const worked = await workOutStatements(
    tx,
    rows.map((row) => ({ exit: row, settlementDate: row.settlementDate as string, shortfallChoice: row.shortfallChoice })),
    { today, lockLoans: true },
  );
  for (const row of rows) {
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(worked.get(row.id)?.statement)), frozen.get(row.id))) throw new AppError('EXIT_STATEMENT_CHANGED');
  }
  await refuseUnsettleableAll(tx, rows.map((row) => ({ exit: row, worked: worked.get(row.id) as WorkedStatement })));
  const at = deps.now();
  const entryIds = await writeSettlements(tx, actor, rows, worked, at);
  const userIds = JSON.stringify(rows.map((row) => row.userId));
  await tx.execute(sql`update savings_accounts set closed_at = ${at.toISOString()} where user_id in (select jsonb_array_elements_text(${userIds}::jsonb))`);
  await tx.execute(sql`update users set active = false, updated_at = ${at.toISOString()} where id in (select jsonb_array_elements_text(${userIds}::jsonb))`);
  await tx.execute(sql`delete from sessions where user_id in (select jsonb_array_elements_text(${userIds}::jsonb))`);
  await cancelLeaversRequests(tx, actor, pendingRequests, at);
  const settled = JSON.stringify(rows.map((row) => ({ id: row.id, entry_id: entryIds.get(row.id) ?? null })));
  await tx.execute(sql`
    update member_exits e
    set status = 'settled', settled_by_id = ${actor.id}, settled_by_name = ${actor.name}, settled_at = ${at.toISOString()}, updated_at = ${at.toISOString()}, entry_id = s.entry_id
    from json_to_recordset(${settled}::json) as s(id uuid, entry_id uuid)
    where e.id = s.id`);
  const updated = await tx.select().from(memberExits).where(sql`${memberExits.id} in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(rows.map((row) => row.id))}::jsonb))`);
  await tell(tx, rows);
  await tx.insert(auditLog).values(
    rows.map((row) => {
      const statement = frozen.get(row.id) as ExitStatement;
      return {
        kind: 'exit.settled' as const,
        actorId: actor.id,
        actorName: actor.name,
        actorEmail: actor.email,
        targetType: 'member_exit' as const,
        targetId: row.id,
        targetLabel: `Exit · ${row.holderName}`,
        people: [...new Set([row.userId, ...statement.recoveries.map((recovery) => recovery.userId)])],
        before: { status: 'approved' },
        after: {
          status: 'settled',
          entryId: entryIds.get(row.id) ?? null,
          settlementDate: row.settlementDate,
          savingsKobo: statement.savingsKobo,
          interestKobo: statement.interestKobo,
          payoffKobo: statement.payoffKobo,
          exitFeeKobo: statement.exitFeeKobo,
          payableKobo: statement.payableKobo,
          recoveries: statement.recoveries.map((recovery) => ({ userId: recovery.userId, amountKobo: recovery.amountKobo })),
        },
        at,
      };
    }),
  );
  const byId = new Map(updated.map((row) => [row.id, row]));
  return rows.map((row) => byId.get(row.id) as ExitRow);
}

type SavingsLine = NewRow & { type: 'interest' | 'withdrawal'; valueDate: IsoDate };
type EntryLineInput = { accountId: string; subledgerId?: string | null; amountKobo: number };

/** Every exit's sub-ledger rows (savings, then loans) under journal_by_caller, then one entry per exit; each exit's entry id (none when nothing moved). */
async function writeSettlements(tx: Transaction, actor: Actor, rows: readonly ExitRow[], worked: Map<string, WorkedStatement>, at: Date): Promise<Map<string, string>> {
  const lines: SavingsLine[] = [];
  const repayments: RepaymentEntry[] = [];
  for (const row of rows) {
    const { statement, payoffs } = worked.get(row.id) as WorkedStatement;
    const valueDate = statement.settlementDate;
    const add = (line: Omit<SavingsLine, 'valueDate'>) => lines.push({ ...line, valueDate });
    for (const product of statement.products) {
      if (product.interestKobo > 0) add({ accountId: product.accountId, type: 'interest', amountKobo: product.interestKobo, description: EXIT_INTEREST_DESCRIPTION });
      const out = product.balanceKobo + product.interestKobo;
      if (out > 0) add({ accountId: product.accountId, type: 'withdrawal', amountKobo: out, description: EXIT_WITHDRAWAL_DESCRIPTION });
    }
    for (const recovery of statement.recoveries) {
      if (recovery.amountKobo > 0) add({ accountId: recovery.accountId, type: 'withdrawal', amountKobo: recovery.amountKobo, description: recoveryDescription(row.holderName) });
    }
    for (const loan of statement.loans) {
      if (loan.payoffKobo > 0) repayments.push({ loanId: loan.loanId, amountKobo: loan.payoffKobo, valueDate, allocation: payoffs.get(loan.loanId)!.allocation, repaid: true, batchId: null });
    }
  }
  await tx.execute(sql`select set_config('kobo.journal_by_caller', 'exit', true)`);
  // Through the savings ledger's own builders: the balances in one statement, then the rows, one
  // write per settlement day (a batch's exits may be settled on different days).
  const deltas = new Map<string, number>();
  for (const line of lines) deltas.set(line.accountId, (deltas.get(line.accountId) ?? 0) + (line.type === 'interest' ? line.amountKobo : -line.amountKobo));
  await moveBalances(tx, deltas, at);
  for (const valueDate of new Set(lines.map((line) => line.valueDate))) {
    const stamp = { createdById: actor.id, createdByEmail: actor.email, processedByEmail: actor.email, at, valueDate };
    await writeStampedRows(tx, stamp, lines.filter((line) => line.valueDate === valueDate));
  }
  // The payoffs' receipts: the member hears of them in the settlement mail (or is dead), not as a
  // bare loan receipt each, so the repayments are written quietly (migration 0034).
  await tx.execute(sql`select set_config('kobo.quiet_postings', 'on', true)`);
  await storeRepayments(tx, actor, at, repayments);
  await tx.execute(sql`select set_config('kobo.journal_by_caller', '', true), set_config('kobo.quiet_postings', '', true)`);
  return postSettlementEntries(tx, actor, rows, worked);
}

/**
 * Each settlement's one entry: Dr each product's control account for what left it (and Cr it for
 * the interest paid in, Dr interest to the exit date); Dr each guarantor's control account for
 * their recovery; Dr cash for what the member pays in; Cr Loans to members per loan (principal and
 * fee), Cr loan interest income (a murabaha's markup income), Cr Penalties receivable, Cr exit fees, Cr Exits payable. All entries in two statements.
 */
async function postSettlementEntries(tx: Transaction, actor: Actor, rows: readonly ExitRow[], worked: Map<string, WorkedStatement>): Promise<Map<string, string>> {
  const keys = ['exits.payable', 'exits.fee_income', 'exits.interest', 'savings.cash', 'loans.interest_income', 'loans.markup_income', 'loans.penalty_receivable'] as const;
  const mapped = await mappedAccounts(tx, keys);
  const account = (key: (typeof keys)[number]) => mapped.get(key) as string;
  const statements = rows.map((row) => (worked.get(row.id) as WorkedStatement).statement);
  const accountIds = statements.flatMap((statement) => [...statement.products.map((product) => product.accountId), ...statement.recoveries.map((recovery) => recovery.accountId)]);
  const controls = await queryRows<{ id: string; control_account_id: string }>(
    tx,
    sql`select a.id::text, p.control_account_id::text from savings_accounts a join savings_products p on p.id = a.product_id
        where a.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(accountIds)}::jsonb))`,
  );
  const controlOf = new Map(controls.map((control) => [control.id, control.control_account_id]));
  const [loansControl] = await queryRows<{ id: string }>(tx, sql`select id::text from ledger_accounts where subledger = 'loans' limit 1`);
  // Issue 33 (docs/decisions/056): a murabaha's markup paid off at the exit is markup income, never interest.
  const loanIds = statements.flatMap((statement) => statement.loans.map((loan) => loan.loanId));
  const murabahas = new Set(
    (
      await queryRows<{ id: string }>(
        tx,
        sql`select id::text from loans where kind = 'murabaha' and id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(loanIds)}::jsonb))`,
      )
    ).map((loan) => loan.id),
  );
  const entries: { ord: number; exit_id: string; value_date: string; narration: string }[] = [];
  const entryLines: { ord: number; line_no: number; account_id: string; subledger_id: string | null; amount_kobo: number; value_date: string }[] = [];
  rows.forEach((row, ord) => {
    const statement = statements[ord] as ExitStatement;
    const own: EntryLineInput[] = [];
    for (const product of statement.products) {
      const control = controlOf.get(product.accountId) as string;
      const out = product.balanceKobo + product.interestKobo;
      if (out > 0) own.push({ accountId: control, subledgerId: product.accountId, amountKobo: out });
      if (product.interestKobo > 0) {
        own.push({ accountId: control, subledgerId: product.accountId, amountKobo: -product.interestKobo });
        own.push({ accountId: account('exits.interest'), amountKobo: product.interestKobo });
      }
    }
    for (const recovery of statement.recoveries) {
      if (recovery.amountKobo > 0) own.push({ accountId: controlOf.get(recovery.accountId) as string, subledgerId: recovery.accountId, amountKobo: recovery.amountKobo });
    }
    if (statement.memberPaysKobo > 0) own.push({ accountId: account('savings.cash'), amountKobo: statement.memberPaysKobo });
    for (const loan of statement.loans) {
      const owed = loan.principalKobo + loan.feeKobo;
      if (owed > 0) own.push({ accountId: loansControl!.id, subledgerId: loan.loanId, amountKobo: -owed });
    }
    const loanInterest = statement.loans.reduce((sum, loan) => sum + (murabahas.has(loan.loanId) ? 0 : loan.interestKobo), 0);
    if (loanInterest > 0) own.push({ accountId: account('loans.interest_income'), amountKobo: -loanInterest });
    const loanMarkup = statement.loans.reduce((sum, loan) => sum + (murabahas.has(loan.loanId) ? loan.interestKobo : 0), 0);
    if (loanMarkup > 0) own.push({ accountId: account('loans.markup_income'), amountKobo: -loanMarkup });
    // Penalties were income (or a murabaha's charity) when charged; paying them clears the receivable.
    const loanPenalties = statement.loans.reduce((sum, loan) => sum + loan.penaltyKobo, 0);
    if (loanPenalties > 0) own.push({ accountId: account('loans.penalty_receivable'), amountKobo: -loanPenalties });
    if (statement.exitFeeKobo > 0) own.push({ accountId: account('exits.fee_income'), amountKobo: -statement.exitFeeKobo });
    if (statement.payableKobo > 0) own.push({ accountId: account('exits.payable'), amountKobo: -statement.payableKobo });
    if (own.length === 0) return;
    entries.push({ ord, exit_id: row.id, value_date: statement.settlementDate, narration: `Exit · ${row.holderName} · ${EXIT_REASON_LABELS[row.reason]}` });
    own.forEach((line, index) =>
      entryLines.push({ ord, line_no: index + 1, account_id: line.accountId, subledger_id: line.subledgerId ?? null, amount_kobo: line.amountKobo, value_date: statement.settlementDate }),
    );
  });
  const ids = new Map<string, string>();
  if (entries.length === 0) return ids;
  const written = await queryRows<{ id: string; source_id: string }>(
    tx,
    sql`insert into journal_entries (book, value_date, source_type, source_id, narration, created_by_id)
        select 'scheme', e.value_date, 'exit', e.exit_id, e.narration, ${actor.id}
        from json_to_recordset(${JSON.stringify(entries)}::json) as e(ord int, exit_id uuid, value_date date, narration text)
        order by e.ord
        returning id::text, source_id::text`,
  );
  for (const entry of written) ids.set(entry.source_id, entry.id);
  const withIds = entryLines.map((line) => ({ ...line, entry_id: ids.get(rows[line.ord]!.id) }));
  await tx.execute(sql`
    insert into journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
    select l.entry_id, l.line_no, l.account_id, l.subledger_id, l.amount_kobo, l.value_date
    from json_to_recordset(${JSON.stringify(withIds)}::json) as l(entry_id uuid, line_no int, account_id uuid, subledger_id uuid, amount_kobo bigint, value_date date)`);
  return ids;
}

/** Each recovering guarantor hears what was taken and for whose loan; the member hears their statement, unless they died. */
async function tell(tx: Transaction, rows: readonly ExitRow[]): Promise<void> {
  const statements = rows.map((row) => row.statement as ExitStatement);
  const userIds = [...new Set([...rows.map((row) => row.userId), ...statements.flatMap((statement) => statement.recoveries.map((recovery) => recovery.userId))])];
  const people = await queryRows<{ id: string; email: string; name: string }>(
    tx,
    sql`select id, email, name from users where id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))`,
  );
  const byId = new Map(people.map((person) => [person.id, person]));
  const mails: QueuedMail[] = [];
  rows.forEach((row, index) => {
    const statement = statements[index] as ExitStatement;
    for (const userId of new Set(statement.recoveries.map((recovery) => recovery.userId))) {
      const person = byId.get(userId);
      if (person) mails.push({ kind: 'exit.recovery', message: recoveryMail(person, row.holderName, statement.recoveries.filter((recovery) => recovery.userId === userId)) });
    }
    const member = byId.get(row.userId);
    if (member && row.reason !== 'death') mails.push({ kind: 'exit.settled', message: settledMail(member, statement) });
  });
  if (mails.length === 0) return;
  // One statement for every mail (as the year end's): 500 exits' mails as separate rows' parameters would be slow.
  await tx.execute(sql`
    insert into mail_outbox (kind, to_email, subject, body)
    select m.kind, m."to", m.subject, m.text from json_to_recordset(${JSON.stringify(mails.map((mail) => ({ kind: mail.kind, ...mail.message })))}::json) as m(kind text, "to" text, subject text, text text)`);
}
