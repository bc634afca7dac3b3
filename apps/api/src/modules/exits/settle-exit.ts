import { isDeepStrictEqual } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { AppError, calendarDate, EXIT_REASON_LABELS, isUuid, type ExitStatement, type ExitView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { memberExits } from '../../db/schema.ts';
import { enqueueMails, type QueuedMail } from '../../mail/outbox.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { insertEntry, mappedAccounts } from '../books/journal-writes.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { storeRepayments } from '../loans/store-repayments.ts';
import type { ExitDeps } from './exits.routes.ts';
import { recoveryMail, settledMail } from './exit-settlement-mail.ts';
import { readExitRow, toExitView, type ExitRow } from './exit-store.ts';
import { refuseUnsettleable, workOutStatement, type WorkedStatement } from './work-out-statement.ts';

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
    if (row.status === 'settled' || row.status === 'paid') throw new AppError('EXIT_ALREADY_SETTLED');
    if (row.status !== 'approved' || !row.statement || !row.settlementDate) throw new AppError('EXIT_NOT_APPROVED');
    const frozen = row.statement as ExitStatement;
    const guarantorAccounts = frozen.recoveries.map((recovery) => recovery.accountId);
    await tx.execute(sql`
      select a.id from savings_accounts a
      where a.user_id = ${row.userId} or a.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(guarantorAccounts)}::jsonb))
      order by a.id for no key update`);
    const today = calendarDate(deps.now(), deps.timeZone);
    const worked = await workOutStatement(tx, row, { settlementDate: row.settlementDate, shortfallChoice: row.shortfallChoice }, { today, lockLoans: true });
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(worked.statement)), frozen)) throw new AppError('EXIT_STATEMENT_CHANGED');
    await refuseUnsettleable(tx, row, worked);
    const at = deps.now();
    const entryId = await writeSettlement(tx, actor, row, worked, at);
    await tx.execute(sql`update savings_accounts set closed_at = ${at.toISOString()} where user_id = ${row.userId}`);
    await tx.execute(sql`update users set active = false, updated_at = ${at.toISOString()} where id = ${row.userId}`);
    await tx.execute(sql`delete from sessions where user_id = ${row.userId}`);
    const [settled] = await tx
      .update(memberExits)
      .set({ status: 'settled', settledById: actor.id, settledByName: actor.name, settledAt: at, entryId, updatedAt: at })
      .where(eq(memberExits.id, id))
      .returning();
    if (!settled) throw new AppError('EXIT_NOT_FOUND');
    await tell(tx, row, frozen);
    await recordAudit(tx, {
      kind: 'exit.settled',
      actor,
      target: { type: 'member_exit', id, label: `Exit · ${row.holderName}` },
      people: [row.userId, ...frozen.recoveries.map((recovery) => recovery.userId)],
      before: { status: 'approved' },
      after: {
        status: 'settled',
        entryId,
        settlementDate: row.settlementDate,
        savingsKobo: frozen.savingsKobo,
        interestKobo: frozen.interestKobo,
        payoffKobo: frozen.payoffKobo,
        exitFeeKobo: frozen.exitFeeKobo,
        payableKobo: frozen.payableKobo,
        recoveries: frozen.recoveries.map((recovery) => ({ userId: recovery.userId, amountKobo: recovery.amountKobo })),
      },
      at,
    });
    return toExitView(settled);
  });
}

type SavingsLine = { account_id: string; type: 'interest' | 'withdrawal'; amount_kobo: number; description: string; line_no: number };

/** The sub-ledger rows (savings, then loans) under journal_by_caller, then the one entry; its id, or null when nothing moved. */
async function writeSettlement(tx: Transaction, actor: Actor, row: ExitRow, worked: WorkedStatement, at: Date): Promise<string | null> {
  const { statement } = worked;
  const valueDate = statement.settlementDate;
  const lines: SavingsLine[] = [];
  for (const product of statement.products) {
    if (product.interestKobo > 0) lines.push({ account_id: product.accountId, type: 'interest', amount_kobo: product.interestKobo, description: EXIT_INTEREST_DESCRIPTION, line_no: lines.length });
    const out = product.balanceKobo + product.interestKobo;
    if (out > 0) lines.push({ account_id: product.accountId, type: 'withdrawal', amount_kobo: out, description: EXIT_WITHDRAWAL_DESCRIPTION, line_no: lines.length });
  }
  for (const recovery of statement.recoveries) {
    if (recovery.amountKobo > 0) lines.push({ account_id: recovery.accountId, type: 'withdrawal', amount_kobo: recovery.amountKobo, description: recoveryDescription(row.holderName), line_no: lines.length });
  }
  const repayments = statement.loans
    .filter((loan) => loan.payoffKobo > 0)
    .map((loan) => ({ loanId: loan.loanId, amountKobo: loan.payoffKobo, valueDate, allocation: worked.payoffs.get(loan.loanId)!.allocation, repaid: true, batchId: null }));
  await tx.execute(sql`select set_config('kobo.journal_by_caller', 'exit', true)`);
  if (lines.length > 0) {
    const input = JSON.stringify(lines);
    await tx.execute(sql`
      with input as materialized (
        select * from jsonb_to_recordset(${input}::jsonb) as i(account_id uuid, type text, amount_kobo bigint, description text, line_no int)
      ),
      moved as (
        update savings_accounts a
        set balance_kobo = a.balance_kobo + d.delta, last_updated = ${at.toISOString()}
        from (select account_id, sum(case when type = 'interest' then amount_kobo else -amount_kobo end) as delta from input group by account_id) d
        where a.id = d.account_id
        returning a.id
      )
      insert into savings_transactions (account_id, type, amount_kobo, description, created_by_id, created_by_email, processed_by_email, created_at, value_date)
      select i.account_id, i.type, i.amount_kobo, i.description, ${actor.id}, ${actor.email}, ${actor.email}, ${at.toISOString()}, ${valueDate}::date
      from input i order by i.line_no`);
  }
  await storeRepayments(tx, actor, at, repayments);
  await tx.execute(sql`select set_config('kobo.journal_by_caller', '', true)`);
  return postSettlementEntry(tx, actor, row, statement);
}

/**
 * The settlement's one entry: Dr each product's control account for what left it (and Cr it for
 * the interest paid in, Dr interest to the exit date); Dr each guarantor's control account for
 * their recovery; Dr cash for what the member pays in; Cr Loans to members per loan (principal and
 * fee), Cr loan interest income, Cr exit fees, Cr Exits payable.
 */
async function postSettlementEntry(tx: Transaction, actor: Actor, row: ExitRow, statement: ExitStatement): Promise<string | null> {
  const keys = ['exits.payable', 'exits.fee_income', 'exits.interest', 'savings.cash', 'loans.interest_income'] as const;
  const mapped = await mappedAccounts(tx, keys);
  const account = (key: (typeof keys)[number]) => mapped.get(key) as string;
  const accountIds = [...statement.products.map((product) => product.accountId), ...statement.recoveries.map((recovery) => recovery.accountId)];
  const controls = await queryRows<{ id: string; control_account_id: string }>(
    tx,
    sql`select a.id::text, p.control_account_id::text from savings_accounts a join savings_products p on p.id = a.product_id
        where a.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(accountIds)}::jsonb))`,
  );
  const controlOf = new Map(controls.map((control) => [control.id, control.control_account_id]));
  const [loansControl] = await queryRows<{ id: string }>(tx, sql`select id::text from ledger_accounts where subledger = 'loans' limit 1`);
  const lines: { accountId: string; subledgerId?: string | null; amountKobo: number }[] = [];
  for (const product of statement.products) {
    const control = controlOf.get(product.accountId) as string;
    const out = product.balanceKobo + product.interestKobo;
    if (out > 0) lines.push({ accountId: control, subledgerId: product.accountId, amountKobo: out });
    if (product.interestKobo > 0) {
      lines.push({ accountId: control, subledgerId: product.accountId, amountKobo: -product.interestKobo });
      lines.push({ accountId: account('exits.interest'), amountKobo: product.interestKobo });
    }
  }
  for (const recovery of statement.recoveries) {
    if (recovery.amountKobo > 0) lines.push({ accountId: controlOf.get(recovery.accountId) as string, subledgerId: recovery.accountId, amountKobo: recovery.amountKobo });
  }
  if (statement.memberPaysKobo > 0) lines.push({ accountId: account('savings.cash'), amountKobo: statement.memberPaysKobo });
  for (const loan of statement.loans) {
    const owed = loan.principalKobo + loan.feeKobo;
    if (owed > 0) lines.push({ accountId: loansControl!.id, subledgerId: loan.loanId, amountKobo: -owed });
  }
  const loanInterest = statement.loans.reduce((sum, loan) => sum + loan.interestKobo, 0);
  if (loanInterest > 0) lines.push({ accountId: account('loans.interest_income'), amountKobo: -loanInterest });
  if (statement.exitFeeKobo > 0) lines.push({ accountId: account('exits.fee_income'), amountKobo: -statement.exitFeeKobo });
  if (statement.payableKobo > 0) lines.push({ accountId: account('exits.payable'), amountKobo: -statement.payableKobo });
  if (lines.length === 0) return null;
  return insertEntry(tx, {
    book: 'scheme',
    valueDate: statement.settlementDate,
    sourceType: 'exit',
    sourceId: row.id,
    narration: `Exit · ${row.holderName} · ${EXIT_REASON_LABELS[row.reason]}`,
    createdById: actor.id,
    lines,
  });
}

/** Each recovering guarantor hears what was taken and for whose loan; the member hears their statement, unless they died. */
async function tell(tx: Transaction, row: ExitRow, statement: ExitStatement): Promise<void> {
  const userIds = [...new Set([row.userId, ...statement.recoveries.map((recovery) => recovery.userId)])];
  const people = await queryRows<{ id: string; email: string; name: string }>(
    tx,
    sql`select id, email, name from users where id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))`,
  );
  const byId = new Map(people.map((person) => [person.id, person]));
  const mails: QueuedMail[] = [];
  for (const userId of new Set(statement.recoveries.map((recovery) => recovery.userId))) {
    const person = byId.get(userId);
    if (person) mails.push({ kind: 'exit.recovery', message: recoveryMail(person, row.holderName, statement.recoveries.filter((recovery) => recovery.userId === userId)) });
  }
  const member = byId.get(row.userId);
  if (member && row.reason !== 'death') mails.push({ kind: 'exit.settled', message: settledMail(member, statement) });
  await enqueueMails(tx, mails);
}

