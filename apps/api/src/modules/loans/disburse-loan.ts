import { eq } from 'drizzle-orm';
import { AppError, calendarDate, loanSchedule, MESSAGES, type Kobo, type LoanView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loanInstalments, loans, loanTransactions, savingsAccounts } from '../../db/schema.ts';
import { auditLoanAct } from './audit-loan-act.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { resolvePostingValueDate } from '../ledger/value-date.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanViews } from './loan-views.ts';
import { payOffToppedUpLoan } from './top-up.ts';

/**
 * Pays out an approved loan on a value date: the ledger records the principal out and the fee
 * charged, the schedule is fixed from that date's month, and the loan becomes active. The row is
 * locked and its status checked, so a loan is disbursed once however many requests arrive; with
 * an Idempotency-Key a retry gets the first answer.
 */
export async function disburseLoan(
  deps: LoanDeps,
  actor: Actor,
  loanId: string,
  requested: { valueDate?: string | undefined },
  key: IdempotencyKey | null,
): Promise<IdempotentResult<{ loan: LoanView }>> {
  const valueDate = await resolvePostingValueDate(deps, actor, requested.valueDate ?? null);
  return postIdempotently(deps.db, key, async (tx) => {
    const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
    if (!loan) throw new AppError('LOAN_NOT_FOUND');
    if (loan.disbursedAt) throw new AppError('LOAN_ALREADY_DISBURSED');
    if (loan.status !== 'approved') throw new AppError('LOAN_NOT_APPROVED');
    if (valueDate < calendarDate(loan.appliedAt, deps.timeZone)) {
      throw new AppError('VALIDATION', { message: MESSAGES.disbursementBeforeApplication, field: 'valueDate' });
    }
    // The payout starts the borrower's lien: a withdrawal on their account waits for it, then sees it.
    await tx.select({ id: savingsAccounts.id }).from(savingsAccounts).where(eq(savingsAccounts.id, loan.accountId)).for('no key update');
    const at = deps.now();
    const schedule = loanSchedule(
      { principal: loan.principalKobo as Kobo, annualRateBp: loan.annualRateBp, months: loan.months, method: loan.method, markupBp: loan.markupBp },
      valueDate.slice(0, 7),
    );
    await tx.insert(loanInstalments).values(
      schedule.instalments.map((row) => ({ loanId, number: row.number, dueDate: row.dueDate, principalKobo: row.principal, interestKobo: row.interest })),
    );
    const entry = { loanId, valueDate, createdById: actor.id, createdByEmail: actor.email, createdAt: at };
    await tx.insert(loanTransactions).values([
      { ...entry, type: 'disbursement' as const, amountKobo: loan.principalKobo },
      ...(loan.feeKobo > 0 ? [{ ...entry, type: 'fee' as const, amountKobo: loan.feeKobo }] : []),
    ]);
    await tx
      .update(loans)
      .set({ status: 'active', disbursedAt: at, disbursedValueDate: valueDate, disbursedById: actor.id, feeOutstandingKobo: loan.feeKobo })
      .where(eq(loans.id, loanId));
    // Issue 33: a top-up pays off the running loan first; the member receives the net.
    const topUp = loan.topsUpLoanId ? await payOffToppedUpLoan(tx, actor, at, { ...loan, topsUpLoanId: loan.topsUpLoanId }, valueDate) : null;
    await auditLoanAct(tx, {
      kind: 'loan.disbursed',
      actor,
      loan: { id: loanId, productName: loan.productName, accountId: loan.accountId },
      before: { status: loan.status },
      after: { status: 'active', principalKobo: loan.principalKobo, feeKobo: loan.feeKobo, valueDate, ...(topUp ? { payoffKobo: topUp.payoffKobo, netKobo: topUp.netKobo } : {}) },
      at,
    });
    const [view] = await loanViews(tx, [loanId], at, deps.timeZone);
    return { loan: view as LoanView };
  });
}
