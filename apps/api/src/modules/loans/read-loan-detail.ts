import { and, desc, eq, ne } from 'drizzle-orm';
import { AppError, maxLoanFor, type Kobo, type LoanDetail } from '@kobo/core';
import { loans } from '../../db/schema.ts';
import { findAccountView } from '../savings/savings-accounts.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanViews } from './loan-views.ts';

/**
 * One loan for the officers' review, with what they weigh: the borrower's savings, what loans
 * already hold of them, the multiple the loan was applied for under, and their other loans.
 */
export async function readLoanDetail(deps: LoanDeps, loanId: string): Promise<LoanDetail> {
  const [row] = await deps.db.select({ accountId: loans.accountId, savingsMultiple: loans.savingsMultiple }).from(loans).where(eq(loans.id, loanId));
  if (!row) throw new AppError('LOAN_NOT_FOUND');
  const others = await deps.db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.accountId, row.accountId), ne(loans.id, loanId)))
    .orderBy(desc(loans.seq));
  const now = deps.now();
  const [views, account] = await Promise.all([
    loanViews(deps.db, [loanId, ...others.map((other) => other.id)], now, deps.timeZone),
    findAccountView(deps.db, row.accountId),
  ]);
  const [loan, ...otherLoans] = views;
  if (!loan) throw new AppError('LOAN_NOT_FOUND');
  return {
    loan,
    eligibility: {
      balanceKobo: account.balanceKobo,
      heldKobo: account.heldKobo,
      savingsMultiple: row.savingsMultiple,
      // The savings alone, without the product's absolute cap.
      maxBySavingsKobo: maxLoanFor({ savingsMultiple: row.savingsMultiple, maxAmount: Number.MAX_SAFE_INTEGER as Kobo }, account.balanceKobo),
      otherLoans: otherLoans.map((other) => ({
        id: other.id,
        productName: other.productName,
        status: other.status,
        principalKobo: other.principalKobo,
        outstandingPrincipalKobo: other.ledger?.outstandingPrincipalKobo ?? null,
      })),
    },
  };
}
