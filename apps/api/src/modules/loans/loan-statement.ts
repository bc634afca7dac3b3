import { asc, eq } from 'drizzle-orm';
import { AppError, can, type IsoDate, type Kobo, type LoanView, type RepaymentAllocation } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loanTransactions } from '../../db/schema.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanViews } from './loan-views.ts';

export type LoanLedgerEntry = {
  type: 'disbursement' | 'fee' | 'repayment';
  amountKobo: Kobo;
  valueDate: IsoDate;
  allocation: RepaymentAllocation | null;
  createdAt: Date;
  createdByEmail: string;
};

export type LoanStatement = { loan: LoanView; entries: LoanLedgerEntry[] };

/**
 * A loan and its ledger, oldest entry first, for its statement: an officer's for any loan, a
 * holder's for their own (another's loan is "Loan not found", as an unknown id is).
 */
export async function readLoanStatement(deps: LoanDeps, actor: Actor, loanId: string): Promise<LoanStatement> {
  const [loan] = await loanViews(deps.db, [loanId], deps.now(), deps.timeZone);
  if (!loan) throw new AppError('LOAN_NOT_FOUND');
  if (!can(actor.role, 'manage_staff_savings') && loan.borrower.userId !== actor.id) throw new AppError('LOAN_NOT_FOUND');
  const rows = await deps.db.select().from(loanTransactions).where(eq(loanTransactions.loanId, loanId)).orderBy(asc(loanTransactions.seq));
  return {
    loan,
    entries: rows.map((row) => ({
      type: row.type,
      amountKobo: row.amountKobo as Kobo,
      valueDate: row.valueDate as IsoDate,
      allocation: (row.allocation as RepaymentAllocation | null) ?? null,
      createdAt: row.createdAt,
      createdByEmail: row.createdByEmail,
    })),
  };
}
