import { and, eq, notInArray, sql } from 'drizzle-orm';
import { AppError, MESSAGES, outstandingPrincipal, type IsoDate, type Kobo } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { loanGuarantors, loans } from '../../db/schema.ts';
import { auditLoanAct } from './audit-loan-act.ts';
import { payoffOn } from './payoff-quote.ts';
import { storeRepayments } from './store-repayments.ts';

/**
 * Top-ups (issue 33; docs/decisions/052-payoff-topup-refinance.md): a new loan that pays off the
 * borrower's running loan first. The running loan's row is locked in both steps, so two top-ups of
 * one loan, or a top-up and a repayment, are judged one after the other.
 */

/**
 * At application: the running loan must be the borrower's own and active, with no other top-up
 * open (the unique index loans_tops_up_key says so too). Answers its outstanding principal, which
 * the limit check counts as repaid: the top-up pays it off before a kobo is lent.
 */
export async function topUpCredit(tx: Transaction, borrowerAccountId: string, topsUpLoanId: string): Promise<number> {
  const [running] = await tx.select().from(loans).where(eq(loans.id, topsUpLoanId)).for('update');
  if (!running || running.accountId !== borrowerAccountId || running.status !== 'active') {
    throw new AppError('LOAN_TOPUP_NOT_RUNNING', { field: 'topsUpLoanId' });
  }
  const [open] = await tx
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.topsUpLoanId, topsUpLoanId), notInArray(loans.status, ['rejected', 'cancelled'])))
    .limit(1);
  if (open) throw new AppError('LOAN_TOPUP_OPEN', { field: 'topsUpLoanId' });
  return runningPrincipal(tx, borrowerAccountId, topsUpLoanId);
}

/** The outstanding principal of the borrower's running loan `loanId` (0 when it is not theirs or not running): what a top-up's limit counts as repaid. */
export async function runningPrincipal(db: Database | Transaction, borrowerAccountId: string, loanId: string): Promise<number> {
  const [owed] = await queryRows<{ principal_left: string | number }>(
    db,
    sql`select coalesce(sum(i.principal_kobo - i.principal_paid_kobo), 0) as principal_left
        from loans l join loan_instalments i on i.loan_id = l.id
        where l.id = ${loanId} and l.account_id = ${borrowerAccountId} and l.status = 'active'`,
  );
  return Number(owed?.principal_left ?? 0);
}

/**
 * At the top-up's disbursement, in its transaction (the new loan's rows are written and its row is
 * locked): the running loan is paid off at its quote on the value date, by a repayment marked as
 * paid by this top-up; it is repaid and its guarantees released. The new loan's fee is taken from
 * the proceeds (a repayment of the fee alone), so the member receives principal − payoff − fee;
 * a negative net is refused. Each row journals itself through the loan rows' posting rule, Bank
 * netting to the money that leaves (decision 052).
 */
export async function payOffToppedUpLoan(
  tx: Transaction,
  actor: Actor,
  at: Date,
  topUp: { id: string; topsUpLoanId: string; principalKobo: number; feeKobo: number; accountId: string },
  valueDate: IsoDate,
): Promise<{ payoffKobo: Kobo; netKobo: Kobo }> {
  const [running] = await tx.select().from(loans).where(eq(loans.id, topUp.topsUpLoanId)).for('update');
  if (!running || running.status !== 'active' || running.accountId !== topUp.accountId) throw new AppError('LOAN_TOPUP_NOT_RUNNING');
  const { quote, position } = await payoffOn(tx, running, valueDate, 'valueDate');
  const netKobo = topUp.principalKobo - quote.totalKobo - topUp.feeKobo;
  if (netKobo < 0) throw new AppError('LOAN_TOPUP_NET_NEGATIVE');
  await storeRepayments(tx, actor, at, [
    { loanId: running.id, amountKobo: quote.totalKobo, valueDate, allocation: quote.allocation, repaid: true, batchId: null, paidByLoanId: topUp.id },
    ...(topUp.feeKobo > 0
      ? [{ loanId: topUp.id, amountKobo: topUp.feeKobo as Kobo, valueDate, allocation: { fee: topUp.feeKobo as Kobo, lines: [] }, repaid: false, batchId: null, paidByLoanId: topUp.id }]
      : []),
  ]);
  await tx
    .update(loanGuarantors)
    .set({ status: 'released', releasedReason: MESSAGES.topUpPaidOff, releasedAt: at })
    .where(and(eq(loanGuarantors.loanId, running.id), eq(loanGuarantors.status, 'accepted')));
  await auditLoanAct(tx, {
    kind: 'loan.paid_off_by_top_up',
    actor,
    loan: { id: running.id, productName: running.productName, accountId: running.accountId },
    before: { status: 'active', outstandingPrincipalKobo: outstandingPrincipal(position) },
    after: { status: 'repaid', topUpLoanId: topUp.id, payoffKobo: quote.totalKobo, netKobo, valueDate },
    at,
  });
  return { payoffKobo: quote.totalKobo, netKobo: netKobo as Kobo };
}
