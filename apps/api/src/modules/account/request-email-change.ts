import { eq } from 'drizzle-orm';
import { AppError } from '@kobo/core';
import { verifications } from '../../db/schema.ts';
import type { Actor } from '../../auth/actor.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { emailChangeConfirmMail } from '../../mail/email-change-mail.ts';
import type { AccountDeps, Caller } from './account-deps.ts';
import { countedPasswordCheck, currentPasswordRefusal } from './current-password.ts';
import {
  EMAIL_CHANGE_LIFETIME_MS,
  emailChangeIdentifier,
  emailChangeTokenHash,
  isEmailTaken,
  newEmailChangeToken,
} from './email-change-token.ts';

/**
 * Change email on /profile (issue 15): the current password vouches for the request; a link to
 * /confirm-email goes to the NEW address, and the account's email changes only when that link is
 * opened (confirm-email-change.ts). A newer request replaces an older one, whose link stops working.
 * The mail is queued in the same transaction as the pending change, so one exists only with the other.
 */
export async function requestEmailChange(
  deps: AccountDeps,
  actor: Actor,
  input: { newEmail: string; currentPassword: string },
  caller: Caller,
): Promise<void> {
  if (input.newEmail === actor.email) throw new AppError('SAME_EMAIL', { field: 'newEmail' });
  await countedPasswordCheck(deps, { email: actor.email, clientAddress: caller.clientAddress }, async () => {
    try {
      await deps.auth.api.verifyPassword({ body: { password: input.currentPassword }, headers: caller.headers });
    } catch (error) {
      throw currentPasswordRefusal(error);
    }
  });

  const token = newEmailChangeToken();
  await deps.db.transaction(async (tx) => {
    // Checked again, under lock, when the link is opened: the address may be taken in between.
    if (await isEmailTaken(tx, input.newEmail, actor.id)) throw new AppError('EMAIL_IN_USE', { field: 'newEmail' });
    const identifier = emailChangeIdentifier(actor.id);
    await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    const at = deps.now();
    await tx.insert(verifications).values({
      id: emailChangeTokenHash(token),
      identifier,
      value: input.newEmail,
      expiresAt: new Date(at.getTime() + EMAIL_CHANGE_LIFETIME_MS),
      createdAt: at,
      updatedAt: at,
    });
    const link = `${deps.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    await enqueueMail(tx, 'email_change_confirm', emailChangeConfirmMail({ name: actor.name, newEmail: input.newEmail, link }));
  });
  deps.outbox.nudge();
}
