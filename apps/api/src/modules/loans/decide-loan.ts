import { eq } from 'drizzle-orm';
import { AppError, type LoanView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loans } from '../../db/schema.ts';
import { auditLoanAct } from './audit-loan-act.ts';
import type { LoanDeps } from './loan-deps.ts';
import { readLoanSettings } from './loan-settings.ts';
import { loanViews } from './loan-views.ts';

/**
 * An officer approves an application every guarantor has accepted, or rejects one still waiting
 * (a reason required). With two-person approval on, whoever made the application cannot approve
 * it. The row is locked, so two officers deciding at once cannot both win.
 */
export async function decideLoan(
  deps: LoanDeps,
  actor: Actor,
  loanId: string,
  { decision, reason }: { decision: 'approve' | 'reject'; reason: string | null },
): Promise<LoanView> {
  await deps.db.transaction(async (tx) => {
    const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
    if (!loan) throw new AppError('LOAN_NOT_FOUND');
    const open = decision === 'approve' ? loan.status === 'awaiting_approval' : loan.status === 'awaiting_approval' || loan.status === 'awaiting_guarantors';
    if (!open) throw new AppError('LOAN_NOT_AWAITING_DECISION');
    if (decision === 'approve' && loan.appliedById === actor.id && (await readLoanSettings(tx)).twoPersonApproval) {
      throw new AppError('SECOND_OFFICER_REQUIRED');
    }
    const at = deps.now();
    const status = decision === 'approve' ? 'approved' : 'rejected';
    await tx.update(loans).set({ status, decidedById: actor.id, decidedAt: at, decisionReason: reason }).where(eq(loans.id, loanId));
    await auditLoanAct(tx, {
      kind: decision === 'approve' ? 'loan.approved' : 'loan.rejected',
      actor,
      loan: { id: loanId, productName: loan.productName, accountId: loan.accountId },
      before: { status: loan.status },
      after: { status, reason },
      at,
    });
  });
  const [view] = await loanViews(deps.db, [loanId], deps.now(), deps.timeZone);
  return view as LoanView;
}
