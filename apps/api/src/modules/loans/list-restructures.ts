import { asc, eq } from 'drizzle-orm';
import { AppError, can, type RestructureView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { readSnapshot } from '../../db/read-snapshot.ts';
import { loanRestructures, loans, savingsAccounts } from '../../db/schema.ts';
import { restructureView } from './apply-restructure.ts';
import type { LoanDeps } from './loan-deps.ts';

/**
 * A loan's restructures, oldest first, for its history (issue 33): an officer's or the auditor's for
 * any loan, the borrower's for their own (another's is "Loan not found").
 */
export async function listRestructures(deps: LoanDeps, actor: Actor, loanId: string): Promise<RestructureView[]> {
  return readSnapshot(deps.db, async (tx) => {
    const [loan] = await tx.select({ userId: savingsAccounts.userId }).from(loans).innerJoin(savingsAccounts, eq(savingsAccounts.id, loans.accountId)).where(eq(loans.id, loanId));
    if (!loan || (!can(actor.role, 'view_staff_savings') && loan.userId !== actor.id)) throw new AppError('LOAN_NOT_FOUND');
    const rows = await tx.select().from(loanRestructures).where(eq(loanRestructures.loanId, loanId)).orderBy(asc(loanRestructures.seq));
    return rows.map(restructureView);
  });
}
