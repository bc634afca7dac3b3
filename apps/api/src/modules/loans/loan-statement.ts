import { AppError, can, type LoanView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { readSnapshot } from '../../db/read-snapshot.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanViews } from './loan-views.ts';

export type LoanStatement = { loan: LoanView };

/**
 * A loan with its ledger, for its statement: an officer's or the auditor's for any loan, a holder's for their own
 * (another's loan is "Loan not found", as an unknown id is). The loan, its schedule and its entries
 * are several statements: one snapshot keeps them in step (read-snapshot.ts).
 */
export async function readLoanStatement(deps: LoanDeps, actor: Actor, loanId: string): Promise<LoanStatement> {
  const [loan] = await readSnapshot(deps.db, (tx) => loanViews(tx, [loanId], deps.now(), deps.timeZone));
  if (!loan) throw new AppError('LOAN_NOT_FOUND');
  if (!can(actor.role, 'view_staff_savings') && loan.borrower.userId !== actor.id) throw new AppError('LOAN_NOT_FOUND');
  return { loan };
}
