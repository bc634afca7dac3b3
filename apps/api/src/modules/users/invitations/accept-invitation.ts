import { eq } from 'drizzle-orm';
import { AppError, MESSAGES, type InvitationAccepted } from '@kobo/core';
import { invitations, users } from '../../../db/schema.ts';
import { hashNewPassword, insertPasswordCredential } from '../../auth/create-account.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { userTarget } from '../user-rows.ts';
import type { InvitationDeps } from './invitation-deps.ts';
import { hasPassword } from './issue-invitation.ts';
import { findInvitation, invitationRefusal } from './invitation-rules.ts';

/**
 * POST /api/invitations/:token/accept (issue 15): the person's first password, stored as Better
 * Auth stores every password (create-account.ts), and the invitation marked used, once.
 *
 * Checked first without locks, so a dead link is refused before the slow hash; then again under the
 * person's row lock and the invitation's (in that order, as issuing takes them), where it is final:
 * of two accepts at once one sets the password and the other finds the invitation used (410).
 * No session is started: the page sends the person to sign in with the password they chose.
 */
export async function acceptInvitation(deps: InvitationDeps, token: string, password: string): Promise<InvitationAccepted> {
  const seen = await findInvitation(deps.db, token);
  const early = invitationRefusal(seen, await hasPassword(deps.db, seen.person.id), deps.now());
  if (early) throw new AppError(early);
  const passwordHash = await hashNewPassword(password);

  return deps.db.transaction(async (tx) => {
    const [person] = await tx.select().from(users).where(eq(users.id, seen.person.id)).for('update');
    const [invitation] = await tx.select().from(invitations).where(eq(invitations.id, seen.invitation.id)).for('update');
    // Deleted meanwhile (the invitation goes with its person).
    if (!person || !invitation) throw new AppError('INVITATION_NOT_FOUND');
    const now = deps.now();
    const refusal = invitationRefusal({ invitation, person }, await hasPassword(tx, person.id), now);
    if (refusal) throw new AppError(refusal);

    await insertPasswordCredential(tx, person.id, passwordHash);
    await tx.update(invitations).set({ usedAt: now }).where(eq(invitations.id, invitation.id));
    await recordAudit(tx, {
      kind: 'user.invitation_accepted',
      // The person acts for themselves: nobody is signed in yet.
      actor: { id: person.id, name: person.name, email: person.email },
      target: userTarget(person),
      people: [person.id],
      before: { invitationExpiresAt: invitation.expiresAt.toISOString() },
      after: { passwordSet: true },
      at: now,
    });
    return { email: person.email, message: MESSAGES.invitationAccepted };
  });
}
