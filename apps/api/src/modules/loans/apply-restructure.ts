import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError, calendarDate, MESSAGES, restructurePlan, type Kobo, type RestructureAsk, type RestructureView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { Transaction } from '../../db/client.ts';
import { loanInstalments, loanRestructures, loans } from '../../db/schema.ts';
import { auditLoanAct } from './audit-loan-act.ts';
import type { LoanDeps } from './loan-deps.ts';
import { positionOf } from './loan-views.ts';

type RestructureRow = typeof loanRestructures.$inferSelect;

/**
 * Applies an approved restructure (issue 33; docs/decisions/052) to its loan, whose row the caller
 * has locked: core's restructurePlan on the loan as it stands today; part-paid instalments closed at
 * what was paid, unpaid ones removed, the new ones added after them; the old instalments kept on the
 * restructure's row. No money moves, so no journal entry: interest is income when received.
 */
export async function applyRestructure(tx: Transaction, deps: LoanDeps, actor: Actor, row: RestructureRow, loan: typeof loans.$inferSelect): Promise<void> {
  if (loan.status !== 'active') throw new AppError('LOAN_NOT_ACTIVE');
  const rows = await tx.select().from(loanInstalments).where(eq(loanInstalments.loanId, loan.id)).orderBy(asc(loanInstalments.number));
  const instalments = rows.map(positionOf);
  const ask: RestructureAsk = row.months !== null ? { months: row.months } : { instalmentKobo: row.instalmentKobo as Kobo };
  const at = deps.now();
  const today = calendarDate(at, deps.timeZone);
  const outcome = restructurePlan({ instalments }, { annualRateBp: loan.annualRateBp, method: loan.method, isFixedCharge: loan.kind === 'murabaha' }, ask, today);
  if (!outcome.ok) {
    if (outcome.problem === 'instalment_too_small') throw new AppError('VALIDATION', { message: MESSAGES.restructureInstalmentTooSmall, field: 'instalment' });
    throw new AppError('LOAN_RESTRUCTURE_REFUSED');
  }
  const { plan } = outcome;
  for (const closed of plan.closed) {
    await tx
      .update(loanInstalments)
      .set({ principalKobo: closed.principal, interestKobo: closed.interest })
      .where(and(eq(loanInstalments.loanId, loan.id), eq(loanInstalments.number, closed.number)));
  }
  if (plan.removed.length > 0) await tx.delete(loanInstalments).where(and(eq(loanInstalments.loanId, loan.id), inArray(loanInstalments.number, plan.removed)));
  await tx.insert(loanInstalments).values(plan.added.map((added) => ({ loanId: loan.id, number: added.number, dueDate: added.dueDate, principalKobo: added.principal, interestKobo: added.interest })));
  await tx
    .update(loanRestructures)
    .set({
      status: 'approved',
      decidedById: actor.id,
      decidedByEmail: actor.email,
      decidedAt: at,
      effectiveOn: today,
      newMonths: plan.months,
      principalKobo: plan.principalKobo,
      carriedInterestKobo: plan.carriedInterestKobo,
      oldInstalments: instalments,
    })
    .where(eq(loanRestructures.id, row.id));
  await auditLoanAct(tx, {
    kind: 'loan.restructured',
    actor,
    loan: { id: loan.id, productName: loan.productName, accountId: loan.accountId },
    before: { instalmentsOpen: plan.closed.length + plan.removed.length },
    after: { restructureId: row.id, months: plan.months, principalKobo: plan.principalKobo, carriedInterestKobo: plan.carriedInterestKobo, monthlyInstalmentKobo: plan.monthlyInstalmentKobo, reason: row.reason },
    at,
  });
}

/** A restructure as the API answers it. */
export function restructureView(row: RestructureRow): RestructureView {
  return {
    id: row.id,
    loanId: row.loanId,
    status: row.status,
    months: row.months,
    instalmentKobo: row.instalmentKobo as Kobo | null,
    reason: row.reason,
    requestedByEmail: row.requestedByEmail,
    requestedAt: row.requestedAt.toISOString(),
    decidedByEmail: row.decidedByEmail,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionReason: row.decisionReason,
    newMonths: row.newMonths,
    principalKobo: row.principalKobo as Kobo | null,
    carriedInterestKobo: row.carriedInterestKobo as Kobo | null,
    oldInstalments: row.oldInstalments as RestructureView['oldInstalments'],
  };
}
