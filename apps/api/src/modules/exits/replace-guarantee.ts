import { and, eq } from 'drizzle-orm';
import { AppError, holdsSavings, MESSAGES, type ExitDetail } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { loanGuarantors, savingsAccounts, users } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { ordinaryAccountOf } from '../ledger/ledger-sql.ts';
import { leavingAmong } from '../ledger/member-leaving.ts';
import { replacementNoticeMail, replacementRequestMail } from './exit-notice-mail.ts';
import { lockLeaverGuarantee, pendingReplacements } from './exit-guarantees.ts';
import type { ExitDeps } from './exits.routes.ts';
import { readExitDetail } from './read-exit.ts';

const invalid = () => new AppError('VALIDATION', { message: MESSAGES.exitReplacementInvalid, field: 'userId' });

/**
 * Asks another member to guarantee a running loan in the leaver's place (issue 32, "Guarantees
 * first"): a pending guarantee for the leaver's amount, naming the account it replaces. The new
 * guarantor answers on their loans page (loans/answer-guarantee.ts), where accepting releases the
 * leaver's. They hold savings, are active, have not given notice, are not the borrower and are not
 * on the loan already. Both they and the borrower are mailed, with the request's commit.
 */
export async function replaceGuarantee(deps: ExitDeps, actor: Actor, exitId: string, loanId: string, userId: string): Promise<ExitDetail> {
  await deps.db.transaction(async (tx) => {
    const guarantee = await lockLeaverGuarantee(tx, exitId, loanId);
    if ((await pendingReplacements(tx, loanId, guarantee.accountId)).length > 0) throw new AppError('EXIT_REPLACEMENT_ASKED');
    const [person] = await tx
      .select({ id: users.id, name: users.name, email: users.email, role: users.role, active: users.active, accountId: savingsAccounts.id })
      .from(users)
      .innerJoin(savingsAccounts, ordinaryAccountOf(users.id))
      .where(eq(users.id, userId))
      .for('share', { of: savingsAccounts });
    if (!person || !person.active || !holdsSavings(person.role) || person.accountId === guarantee.borrowerAccountId || person.id === guarantee.exit.userId) throw invalid();
    if ((await leavingAmong(tx, [person.id])).size > 0) throw invalid();
    const [onLoan] = await tx
      .select({ status: loanGuarantors.status })
      .from(loanGuarantors)
      .where(and(eq(loanGuarantors.loanId, loanId), eq(loanGuarantors.accountId, person.accountId)));
    if (onLoan) throw invalid();
    const at = deps.now();
    await tx.insert(loanGuarantors).values({ loanId, accountId: person.accountId, amountKobo: guarantee.amountKobo, status: 'pending', replacesAccountId: guarantee.accountId });
    const link = `${deps.appUrl}${person.role === 'staff' ? '/staff-savings' : '/savings'}`;
    await enqueueMail(
      tx,
      'loan.guarantee_request',
      replacementRequestMail({ guarantor: person, borrowerName: guarantee.borrowerName, leaverName: guarantee.exit.holderName, productName: guarantee.productName, amountKobo: guarantee.amountKobo, link }),
    );
    if (guarantee.borrowerUserId) {
      const [borrower] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, guarantee.borrowerUserId));
      if (borrower) {
        await enqueueMail(
          tx,
          'exit.replacement_asked',
          replacementNoticeMail({ borrower, leaverName: guarantee.exit.holderName, guarantorName: person.name, productName: guarantee.productName, amountKobo: guarantee.amountKobo }),
        );
      }
    }
    await recordAudit(tx, {
      kind: 'exit.guarantor_asked',
      actor,
      target: { type: 'member_exit', id: exitId, label: `Exit ${guarantee.exit.seq}: ${guarantee.exit.holderName}` },
      people: [guarantee.exit.userId, person.id, guarantee.borrowerUserId],
      before: null,
      after: { loanId, guarantorId: person.id, amountKobo: guarantee.amountKobo },
      at,
    });
  });
  deps.outbox.nudge();
  return readExitDetail(deps.db, exitId);
}
