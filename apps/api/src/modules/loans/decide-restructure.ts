import { eq } from 'drizzle-orm';
import { AppError, type RestructureView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loanRestructures, loans } from '../../db/schema.ts';
import { applyRestructure, restructureView } from './apply-restructure.ts';
import { auditLoanAct } from './audit-loan-act.ts';
import type { LoanDeps } from './loan-deps.ts';
import { readLoanSettings } from './loan-settings.ts';

/**
 * A second officer approves (and so applies) or declines a waiting restructure (issue 33;
 * docs/decisions/052). With two-person approval on, whoever asked for it cannot approve it. The
 * loan's row is locked first (as a repayment locks it), then the restructure's, so a decision and
 * a posting on the loan are taken one after the other, and two decisions cannot both win.
 */
export async function decideRestructure(
  deps: LoanDeps,
  actor: Actor,
  restructureId: string,
  { decision, reason }: { decision: 'approve' | 'decline'; reason: string | null },
): Promise<RestructureView> {
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select({ loanId: loanRestructures.loanId }).from(loanRestructures).where(eq(loanRestructures.id, restructureId));
    if (!found) throw new AppError('LOAN_RESTRUCTURE_NOT_FOUND');
    const [loan] = await tx.select().from(loans).where(eq(loans.id, found.loanId)).for('update');
    const [row] = await tx.select().from(loanRestructures).where(eq(loanRestructures.id, restructureId)).for('update');
    if (!loan || !row) throw new AppError('LOAN_RESTRUCTURE_NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('LOAN_RESTRUCTURE_NOT_PENDING');
    const at = deps.now();
    if (decision === 'decline') {
      await tx
        .update(loanRestructures)
        .set({ status: 'declined', decidedById: actor.id, decidedByEmail: actor.email, decidedAt: at, decisionReason: reason })
        .where(eq(loanRestructures.id, restructureId));
      await auditLoanAct(tx, {
        kind: 'loan.restructure_declined',
        actor,
        loan: { id: loan.id, productName: loan.productName, accountId: loan.accountId },
        before: { status: 'pending' },
        after: { status: 'declined', restructureId, reason },
        at,
      });
    } else {
      if (row.requestedById === actor.id && (await readLoanSettings(tx)).twoPersonApproval) throw new AppError('SECOND_OFFICER_REQUIRED');
      await tx.update(loanRestructures).set({ decisionReason: reason }).where(eq(loanRestructures.id, restructureId));
      await applyRestructure(tx, deps, actor, { ...row, decisionReason: reason }, loan);
    }
    const [after] = await tx.select().from(loanRestructures).where(eq(loanRestructures.id, restructureId));
    return restructureView(after ?? row);
  });
}
