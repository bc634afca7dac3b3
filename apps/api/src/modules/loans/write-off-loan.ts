import { asc, eq } from 'drizzle-orm';
import { AppError, outstandingTotal, type Kobo, type LoanView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loanInstalments, loans, savingsAccounts } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanViews, positionOf } from './loan-views.ts';

/**
 * Closes a defaulted loan with a reason. Nothing is deleted: the schedule, the ledger and what was
 * still owed stay as they were, and the audit log keeps the amount written off. Guarantees stop
 * binding (a written-off loan is no longer among BINDING_STATUSES).
 */
export async function writeOffLoan(deps: LoanDeps, actor: Actor, loanId: string, reason: string): Promise<LoanView> {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
    if (!loan) throw new AppError('LOAN_NOT_FOUND');
    if (loan.status !== 'active') throw new AppError('LOAN_NOT_WRITABLE_OFF');
    const rows = await tx.select().from(loanInstalments).where(eq(loanInstalments.loanId, loanId)).orderBy(asc(loanInstalments.number));
    const owed = outstandingTotal({ feeOutstanding: loan.feeOutstandingKobo as Kobo, instalments: rows.map(positionOf), overpayment: loan.overpayment });
    await tx.update(loans).set({ status: 'written_off', decisionReason: reason, decidedById: actor.id, decidedAt: at }).where(eq(loans.id, loanId));
    const [holder] = await tx.select({ userId: savingsAccounts.userId, name: savingsAccounts.holderName }).from(savingsAccounts).where(eq(savingsAccounts.id, loan.accountId));
    await recordAudit(tx, {
      kind: 'loan.written_off',
      actor,
      target: { type: 'loan', id: loanId, label: `${loan.productName}: ${holder?.name ?? ''}` },
      people: [holder?.userId ?? null],
      before: { status: 'active', outstandingTotalKobo: owed },
      after: { status: 'written_off', writtenOffKobo: owed, reason },
      at,
    });
  });
  const [view] = await loanViews(deps.db, [loanId], at, deps.timeZone);
  return view as LoanView;
}
