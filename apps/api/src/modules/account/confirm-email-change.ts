import { eq } from 'drizzle-orm';
import { AppError, emailChangedMessage, type EmailChangeConfirmed } from '@kobo/core';
import { users, verifications } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { emailChangedNoticeMail } from '../../mail/email-change-mail.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { userTarget } from '../users/user-rows.ts';
import type { AccountDeps } from './account-deps.ts';
import { isEmailTaken, lockPendingEmailChange } from './email-change-token.ts';

/**
 * The /confirm-email page posts the link's token here (a GET never writes). Anyone holding the
 * link may call it: the token is the proof, as a reset link's is. Under the pending change's lock
 * and the person's, the address is checked once more, the email changes, the token is consumed,
 * the old address is told and the act is audited, all in one transaction; a link that is unknown,
 * used, expired or whose address was taken meanwhile changes nothing.
 */
export async function confirmEmailChange(deps: Pick<AccountDeps, 'db' | 'now' | 'outbox'>, token: string): Promise<EmailChangeConfirmed> {
  let email: string;
  try {
    email = await deps.db.transaction(async (tx) => {
      const pending = await lockPendingEmailChange(tx, token);
      if (!pending) throw new AppError('EMAIL_CHANGE_LINK_INVALID', { field: 'token' });
      const at = deps.now();
      if (pending.expiresAt.getTime() <= at.getTime()) throw new AppError('EMAIL_CHANGE_LINK_EXPIRED', { field: 'token' });
      const [person] = await tx.select().from(users).where(eq(users.id, pending.userId)).for('update');
      // The account was deleted since the link was sent.
      if (!person) throw new AppError('EMAIL_CHANGE_LINK_INVALID', { field: 'token' });
      if (!person.active) throw new AppError('ACCOUNT_DISABLED');
      if (await isEmailTaken(tx, pending.newEmail, person.id)) throw new AppError('EMAIL_IN_USE');

      const [changed] = await tx.update(users).set({ email: pending.newEmail, emailVerified: true, updatedAt: at }).where(eq(users.id, person.id)).returning();
      if (!changed) throw new Error('updating the email returned no row');
      await tx.delete(verifications).where(eq(verifications.id, pending.id));
      await enqueueMail(tx, 'email_changed', emailChangedNoticeMail({ name: person.name, oldEmail: person.email, newEmail: changed.email }));
      await recordAudit(tx, {
        kind: 'user.email_changed',
        // The person acts through their link; the entry keeps the address they had when they asked.
        actor: { id: person.id, name: person.name, email: person.email },
        target: userTarget(changed),
        before: { email: person.email },
        after: { email: changed.email },
        at,
      });
      return changed.email;
    });
  } catch (error) {
    // Two confirmations for one address at once: the unique index lets the first through.
    if (isUniqueViolation(error, 'users_email_lower_key')) throw new AppError('EMAIL_IN_USE');
    throw error;
  }
  deps.outbox.nudge();
  return { email, message: emailChangedMessage(email) };
}
