import { asc, eq } from 'drizzle-orm';
import { allocateRepayment, AppError, MESSAGES, outstandingTotal, positionAfter, type Kobo, type LoanView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loanInstalments, loans } from '../../db/schema.ts';
import { auditLoanAct } from './audit-loan-act.ts';
import { postIdempotently, type IdempotencyKey, type IdempotentResult } from '../ledger/idempotency.ts';
import { resolvePostingValueDate } from '../ledger/value-date.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanViews, positionOf } from './loan-views.ts';
import { storeRepayments } from './store-repayments.ts';
import { penaltyPositionsOf } from '../loan-penalties/penalty-balances.ts';

/**
 * Posts a repayment: fee, then interest, then principal, oldest instalment first, money beyond
 * what is due repaying principal early or refused as the loan's product says (core's
 * allocateRepayment decides; this stores it). The loan row is locked first, so repayments arriving
 * together are allocated one after the other and can never pay more than is owed. When nothing is
 * left to pay, the loan is repaid.
 */
export async function repayLoan(
  deps: LoanDeps,
  actor: Actor,
  loanId: string,
  request: { amountKobo: Kobo; valueDate?: string | undefined },
  key: IdempotencyKey | null,
): Promise<IdempotentResult<{ loan: LoanView }>> {
  const valueDate = await resolvePostingValueDate(deps, actor, request.valueDate ?? null);
  return postIdempotently(deps.db, key, async (tx) => {
    const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
    if (!loan) throw new AppError('LOAN_NOT_FOUND');
    if (loan.status !== 'active' || !loan.disbursedValueDate) throw new AppError('LOAN_NOT_ACTIVE');
    if (valueDate < loan.disbursedValueDate) throw new AppError('VALIDATION', { message: MESSAGES.repaymentBeforeDisbursement, field: 'valueDate' });
    const rows = await tx.select().from(loanInstalments).where(eq(loanInstalments.loanId, loanId)).orderBy(asc(loanInstalments.number));
    const penalties = (await penaltyPositionsOf(tx, [loanId])).get(loanId);
    const position = {
      feeOutstanding: loan.feeOutstandingKobo as Kobo,
      instalments: rows.map(positionOf),
      overpayment: loan.overpayment,
      earlyPayment: loan.earlyPayment,
      // Issue 33: penalties owed, paid first or after the principal due as the product says.
      ...(penalties ? { penaltyOutstanding: penalties.outstanding, penaltyOrder: penalties.order } : {}),
    };
    const outcome = allocateRepayment(position, request.amountKobo, valueDate);
    if (!outcome.ok) throw new AppError('REPAYMENT_REFUSED', { message: outcome.problem, field: 'amount' });
    const { allocation } = outcome;

    const after = positionAfter(position, allocation);
    const repaid = outstandingTotal(after) === 0;
    const at = deps.now();
    await storeRepayments(tx, actor, at, [{ loanId, amountKobo: request.amountKobo, valueDate, allocation, repaid, batchId: null }]);
    await auditLoanAct(tx, {
      kind: 'loan.repayment',
      actor,
      loan: { id: loanId, productName: loan.productName, accountId: loan.accountId },
      before: { outstandingTotalKobo: outstandingTotal(position) },
      after: { outstandingTotalKobo: outstandingTotal(after), amountKobo: request.amountKobo, valueDate, allocation, status: repaid ? 'repaid' : 'active' },
      at,
    });
    const [view] = await loanViews(tx, [loanId], at, deps.timeZone);
    return { loan: view as LoanView };
  });
}
