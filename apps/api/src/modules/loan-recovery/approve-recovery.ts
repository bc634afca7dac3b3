import { eq, sql } from 'drizzle-orm';
import {
  allocateRepayment,
  AppError,
  calendarDate,
  outstandingTotal,
  positionAfter,
  recoveryWithdrawalDescription,
  type IsoDate,
  type Kobo,
  type LoanRecoveryView,
  type RecoveryShare,
  type RepaymentAllocation,
} from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Transaction } from '../../db/client.ts';
import { guarantorClaims, loanRecoveries } from '../../db/schema.ts';
import { enqueueMails } from '../../mail/outbox.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { insertEntry, mappedAccounts } from '../ledger/journal-writes.ts';
import { openDay } from '../ledger/open-day.ts';
import { storeRepayments } from '../loans/store-repayments.ts';
import { penaltyOutstandingOf } from '../loan-penalties/penalty-balances.ts';
import { lockProductAccounts, moveBalances, writeStampedRows } from '../savings/product-ledger.ts';
import type { LoanRecoveryDeps } from './loan-recovery-deps.ts';
import { borrowerMail, guarantorMail } from './recovery-mail.ts';
import { readRecoverySettings } from './recovery-settings.ts';
import { readRecoveryRow, recoveryView } from './recovery-store.ts';
import { totalOf, workOutRecovery, type WorkedRecovery } from './work-out-recovery.ts';

/**
 * A second officer approves a proposed recovery (issue 33; docs/decisions/055). All or nothing, in
 * one transaction, once: the recovery row locked (a second approval waits, then finds it decided);
 * the guarantors' accounts locked in id order, then the loan (decision 042's order); the shares
 * worked out again under the locks and refused if they are no longer the ones proposed. Then, with
 * the posting rules told the caller books it (kobo.journal_by_caller, as the exit's settlement):
 * a withdrawal from each guarantor's savings naming the loan, one repayment of the loan allocated
 * as usual, each guarantee's hold lowered by what it paid, the borrower's debt to each guarantor,
 * ONE journal entry, an audit entry and a mail to each guarantor and to the borrower.
 */
export async function approveRecovery(deps: LoanRecoveryDeps, actor: Actor, id: string): Promise<LoanRecoveryView> {
  const view = await deps.db.transaction(async (tx) => {
    const row = await readRecoveryRow(tx, id, true);
    if (row.status !== 'proposed') throw new AppError('RECOVERY_NOT_PROPOSED');
    if (row.proposedById === actor.id) throw new AppError('RECOVERY_OWN_APPROVAL');
    const proposed = (row.shares as RecoveryShare[]).filter((share) => share.amountKobo > 0);
    await lockProductAccounts(tx, proposed.map((share) => share.accountId));
    const { defaultDays } = await readRecoverySettings(tx);
    const today = calendarDate(deps.now(), deps.timeZone);
    const worked = await workOutRecovery(tx, row.loanId, today, defaultDays, { lock: true });
    if (!sameShares(worked, row.overdueKobo, row.shares as RecoveryShare[])) throw new AppError('RECOVERY_CHANGED');
    const amountKobo = totalOf(proposed) as Kobo;
    const valueDate = await openDay(tx, 'scheme', today);
    const outcome = allocateRepayment(worked.position, amountKobo, valueDate);
    if (!outcome.ok) throw new AppError('RECOVERY_CHANGED');
    const at = deps.now();
    // The recovery pays no penalties (the position leaves them out), but a loan still owing them is not repaid:
    // its total includes them (decision 053), and only their payment or waiver closes it (the simulator found this, decision 055's addendum).
    const repaid = outstandingTotal(positionAfter(worked.position, outcome.allocation)) === 0 && (await penaltyOutstandingOf(tx, row.loanId)) === 0;

    await tx.execute(sql`select set_config('kobo.journal_by_caller', 'exit', true)`);
    await moveBalances(tx, new Map(proposed.map((share) => [share.accountId, -share.amountKobo])), at);
    await writeStampedRows(
      tx,
      { createdById: actor.id, createdByEmail: actor.email, processedByEmail: actor.email, at, valueDate },
      proposed.map((share) => ({ accountId: share.accountId, type: 'withdrawal' as const, amountKobo: share.amountKobo, description: recoveryWithdrawalDescription(worked.loan.borrowerName, worked.loan.productName) })),
    );
    // The borrower hears of the repayment in the recovery's own mail, not as a bare receipt (migration 0034).
    await tx.execute(sql`select set_config('kobo.quiet_postings', 'on', true)`);
    // Its id as written, not looked up by time: a repayment of the same loan at the same instant would match too (the simulator found that, decision 055's addendum).
    const repaymentId = (await storeRepayments(tx, actor, at, [{ loanId: row.loanId, amountKobo, valueDate, allocation: outcome.allocation, repaid, batchId: null }])).get(row.loanId);
    await tx.execute(sql`select set_config('kobo.journal_by_caller', '', true), set_config('kobo.quiet_postings', '', true)`);
    if (!repaymentId) throw new Error("the recovery's repayment was not written");

    await lowerHolds(tx, row.loanId, proposed, at);
    await tx.insert(guarantorClaims).values(
      proposed.map((share) => ({ recoveryId: id, loanId: row.loanId, borrowerAccountId: worked.loan.accountId, guarantorAccountId: share.accountId, amountKobo: share.amountKobo, createdAt: at, updatedAt: at })),
    );
    const entryId = await postEntry(tx, actor, worked, proposed, outcome.allocation, valueDate);
    await tx
      .update(loanRecoveries)
      .set({ status: 'approved', decidedById: actor.id, decidedByName: actor.name, decidedAt: at, valueDate, entryId, repaymentId })
      .where(eq(loanRecoveries.id, id));
    await recordAudit(tx, {
      kind: 'loan_recovery.approved',
      actor,
      target: { type: 'loan', id: row.loanId, label: `${worked.loan.productName} · ${worked.loan.borrowerName}` },
      people: [worked.loan.borrowerUserId, ...proposed.map((share) => share.userId)],
      before: { recoveryId: id, status: 'proposed', outstandingTotalKobo: outstandingTotal(worked.position) },
      after: { status: 'approved', entryId, valueDate, amountKobo, allocation: outcome.allocation, loanStatus: repaid ? 'repaid' : 'active' },
      at,
    });
    await tell(tx, worked, proposed);
    return recoveryView(tx, id);
  });
  deps.outbox.nudge();
  return view;
}

/** The shares worked out again are the ones proposed: the same guarantors, overdue amount and amounts. */
function sameShares(worked: WorkedRecovery, overdueKobo: number, shares: readonly RecoveryShare[]): boolean {
  if (worked.loan.status !== 'active' || worked.overdueKobo !== overdueKobo) return false;
  return sharesKey(worked.shares) === sharesKey(shares);
}

function sharesKey(list: readonly RecoveryShare[]): string {
  return JSON.stringify(list.map((share) => [share.accountId, share.amountKobo]));
}

/** Each guarantee's hold goes down by what it paid; a guarantee paid in full is released. */
async function lowerHolds(tx: Transaction, loanId: string, shares: readonly RecoveryShare[], at: Date): Promise<void> {
  await tx.execute(sql`
    update loan_guarantors g
    set amount_kobo = case when g.amount_kobo > s.amount then g.amount_kobo - s.amount else g.amount_kobo end,
        status = case when g.amount_kobo > s.amount then g.status else 'released' end,
        released_reason = case when g.amount_kobo > s.amount then g.released_reason else 'Paid in full by a recovery from guarantors' end,
        released_at = case when g.amount_kobo > s.amount then g.released_at else ${at.toISOString()}::timestamptz end
    from json_to_recordset(${JSON.stringify(shares.map((share) => ({ account_id: share.accountId, amount: share.amountKobo })))}::json) as s(account_id uuid, amount bigint)
    where g.loan_id = ${loanId} and g.account_id = s.account_id`);
}

/**
 * The recovery's one entry: Dr each guarantor's savings control account (their account as the
 * sub-ledger line) for their share; Cr Loans to members (the loan) for the fee and principal
 * repaid, Cr loan interest income for the interest (cash basis, as every repayment).
 */
async function postEntry(tx: Transaction, actor: Actor, worked: WorkedRecovery, shares: readonly RecoveryShare[], allocation: RepaymentAllocation, valueDate: IsoDate): Promise<string> {
  const mapped = await mappedAccounts(tx, ['loans.interest_income']);
  const controls = await queryRows<{ id: string; control_account_id: string }>(
    tx,
    sql`select a.id::text, p.control_account_id::text from savings_accounts a join savings_products p on p.id = a.product_id
        where a.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(shares.map((share) => share.accountId))}::jsonb))`,
  );
  const controlOf = new Map(controls.map((control) => [control.id, control.control_account_id]));
  const [loansControl] = await queryRows<{ id: string }>(tx, sql`select id::text from ledger_accounts where subledger = 'loans' limit 1`);
  const interest = allocation.lines.reduce((sum, line) => sum + line.interest, 0);
  const principalAndFee = allocation.fee + allocation.lines.reduce((sum, line) => sum + line.principal, 0);
  const lines = [
    ...shares.map((share) => ({ accountId: controlOf.get(share.accountId) as string, subledgerId: share.accountId, amountKobo: share.amountKobo })),
    ...(principalAndFee > 0 ? [{ accountId: loansControl!.id, subledgerId: worked.loan.id, amountKobo: -principalAndFee }] : []),
    ...(interest > 0 ? [{ accountId: mapped.get('loans.interest_income') as string, subledgerId: null, amountKobo: -interest }] : []),
  ];
  return insertEntry(tx, {
    book: 'scheme',
    valueDate,
    sourceType: 'loan_recovery',
    sourceId: null,
    narration: `Recovery from guarantors · ${worked.loan.borrowerName} · ${worked.loan.productName}`,
    createdById: actor.id,
    lines,
  });
}

/** Each guarantor hears what was taken and for whose loan; the borrower hears what they now owe whom. */
async function tell(tx: Transaction, worked: WorkedRecovery, shares: readonly RecoveryShare[]): Promise<void> {
  const userIds = [...new Set([worked.loan.borrowerUserId, ...shares.map((share) => share.userId)].filter((id): id is string => id !== null))];
  const people = await queryRows<{ id: string; email: string; name: string }>(
    tx,
    sql`select id, email, name from users where id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))`,
  );
  const byId = new Map(people.map((person) => [person.id, person]));
  const mails = shares.flatMap((share) => {
    const person = byId.get(share.userId);
    return person ? [{ kind: 'loan_recovery.guarantor', message: guarantorMail(person, worked.loan.borrowerName, worked.loan.productName, share) }] : [];
  });
  const borrower = worked.loan.borrowerUserId ? byId.get(worked.loan.borrowerUserId) : undefined;
  if (borrower) mails.push({ kind: 'loan_recovery.borrower', message: borrowerMail(borrower, worked.loan.productName, shares) });
  await enqueueMails(tx, mails);
}
