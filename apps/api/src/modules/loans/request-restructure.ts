import { and, eq } from 'drizzle-orm';
import { AppError, type RestructureRequest, type RestructureView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { loanRestructures, loans } from '../../db/schema.ts';
import { applyRestructure, restructureView } from './apply-restructure.ts';
import { auditLoanAct } from './audit-loan-act.ts';
import type { LoanDeps } from './loan-deps.ts';
import { readLoanSettings } from './loan-settings.ts';

/**
 * An officer asks to restructure a running loan: a new term or instalment, and why (issue 33;
 * docs/decisions/052). With the loans' two-person approval on it waits for a second officer;
 * otherwise it is applied at once. The loan's row is locked, and one restructure waits per loan.
 */
export async function requestRestructure(deps: LoanDeps, actor: Actor, loanId: string, request: RestructureRequest): Promise<RestructureView> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
      if (!loan) throw new AppError('LOAN_NOT_FOUND');
      if (loan.status !== 'active') throw new AppError('LOAN_NOT_ACTIVE');
      const [waiting] = await tx
        .select({ id: loanRestructures.id })
        .from(loanRestructures)
        .where(and(eq(loanRestructures.loanId, loanId), eq(loanRestructures.status, 'pending')));
      if (waiting) throw new AppError('LOAN_RESTRUCTURE_PENDING');
      const at = deps.now();
      const [row] = await tx
        .insert(loanRestructures)
        .values({
          loanId,
          months: 'months' in request.ask ? request.ask.months : null,
          instalmentKobo: 'instalmentKobo' in request.ask ? request.ask.instalmentKobo : null,
          reason: request.reason,
          requestedById: actor.id,
          requestedByEmail: actor.email,
          requestedAt: at,
        })
        .returning();
      if (!row) throw new Error('inserting a restructure returned no row');
      await auditLoanAct(tx, {
        kind: 'loan.restructure_requested',
        actor,
        loan: { id: loanId, productName: loan.productName, accountId: loan.accountId },
        before: {},
        after: { restructureId: row.id, ...request.ask, reason: request.reason },
        at,
      });
      if ((await readLoanSettings(tx)).twoPersonApproval) return restructureView(row);
      await applyRestructure(tx, deps, actor, row, loan);
      const [applied] = await tx.select().from(loanRestructures).where(eq(loanRestructures.id, row.id));
      return restructureView(applied ?? row);
    });
  } catch (error) {
    // Two officers asking at once: the second meets the one-waiting-per-loan index.
    if (isUniqueViolation(error, 'loan_restructures_pending_key')) throw new AppError('LOAN_RESTRUCTURE_PENDING');
    throw error;
  }
}
