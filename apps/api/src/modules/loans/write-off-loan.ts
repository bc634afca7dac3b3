import { asc, eq, sql } from 'drizzle-orm';
import { AppError, calendarDate, outstandingTotal, type Kobo, type LoanView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loanInstalments, loans, savingsAccounts } from '../../db/schema.ts';
import { waiveOwedPenalties } from '../loan-penalties/waive-penalties.ts';
import { queueWriteOffMail } from '../../mail/loan-events.ts';
import { auditLoanAct } from './audit-loan-act.ts';
import type { LoanDeps } from './loan-deps.ts';
import { loanViews, positionOf } from './loan-views.ts';

/**
 * Closes a defaulted loan with a reason. Nothing is deleted: the schedule, the ledger and what was
 * still owed stay as they were, and the audit log keeps the amount written off. Penalties still owed
 * are waived with it, so Penalties receivable no longer counts them. Guarantees stop
 * binding (a written-off loan is no longer among GUARANTEE_BINDING_STATUSES). The borrower is mailed.
 */
export async function writeOffLoan(deps: LoanDeps, actor: Actor, loanId: string, reason: string): Promise<LoanView> {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
    if (!loan) throw new AppError('LOAN_NOT_FOUND');
    const [account] = await tx.select({ holderName: savingsAccounts.holderName }).from(savingsAccounts).where(eq(savingsAccounts.id, loan.accountId));
    if (loan.status !== 'active') throw new AppError('LOAN_NOT_WRITABLE_OFF');
    const rows = await tx.select().from(loanInstalments).where(eq(loanInstalments.loanId, loanId)).orderBy(asc(loanInstalments.number));
    const owed = outstandingTotal({ feeOutstanding: loan.feeOutstandingKobo as Kobo, instalments: rows.map(positionOf), overpayment: loan.overpayment });
    await tx.update(loans).set({ status: 'written_off', decisionReason: reason, decidedById: actor.id, decidedAt: at }).where(eq(loans.id, loanId));
    // The books: what the loan still holds under "Loans to members" goes to "Loans written off".
    await tx.execute(sql`select journal_write_off(${loanId}::uuid, ${calendarDate(at, deps.timeZone)}::date, ${actor.id})`);
    // Its penalties never will be paid either: waived, out of penalty income and Penalties receivable
    // (the simulator found them left in the books for good).
    const penalties = await waiveOwedPenalties(tx, actor, {
      loan: { id: loanId, kind: loan.kind, holder_name: account?.holderName ?? '', product_name: loan.productName },
      chargeId: null,
      reason: `Loan written off: ${reason}`,
      valueDate: calendarDate(at, deps.timeZone),
      at,
    });
    await auditLoanAct(tx, {
      kind: 'loan.written_off',
      actor,
      loan: { id: loanId, productName: loan.productName, accountId: loan.accountId },
      before: { status: 'active', outstandingTotalKobo: owed },
      after: { status: 'written_off', writtenOffKobo: owed, penaltiesWaivedKobo: penalties.amount, reason },
      at,
    });
    // A write-off posts no sub-ledger row, so no notice: the borrower's mail is queued here, with it.
    await queueWriteOffMail(tx, { loanId, writtenOffKobo: owed, on: calendarDate(at, deps.timeZone), reason, by: actor }, deps.appUrl);
  });
  deps.outbox.nudge();
  const [view] = await loanViews(deps.db, [loanId], at, deps.timeZone);
  return view as LoanView;
}
