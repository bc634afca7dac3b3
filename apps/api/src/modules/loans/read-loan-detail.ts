import { and, desc, eq, ne } from 'drizzle-orm';
import { AppError, maxLoanFor, type Kobo, type LoanDetail } from '@kobo/core';
import { loans } from '../../db/schema.ts';
import { findAccountView } from '../ledger/savings-accounts.ts';
import type { Transaction } from '../../db/client.ts';
import { readSnapshot } from '../../db/read-snapshot.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanViews } from './loan-views.ts';

/**
 * One loan for the officers' review, with what they weigh: the borrower's savings, what loans
 * already hold of them, the multiple the loan was applied for under, and their other loans, all
 * from one snapshot (read-snapshot.ts).
 */
export async function readLoanDetail(deps: LoanDeps, loanId: string): Promise<LoanDetail> {
  return readSnapshot(deps.db, (tx) => loanDetailIn(tx, deps, loanId));
}

async function loanDetailIn(tx: Transaction, deps: LoanDeps, loanId: string): Promise<LoanDetail> {
  const [row] = await tx.select({ accountId: loans.accountId, savingsMultiple: loans.savingsMultiple }).from(loans).where(eq(loans.id, loanId));
  if (!row) throw new AppError('LOAN_NOT_FOUND');
  const others = await tx
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.accountId, row.accountId), ne(loans.id, loanId)))
    .orderBy(desc(loans.seq));
  const now = deps.now();
  const views = await loanViews(tx, [loanId, ...others.map((other) => other.id)], now, deps.timeZone);
  const account = await findAccountView(tx, row.accountId);
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
