import type { InvitationState } from '@kobo/core';
import type { Actor } from '../../../auth/actor.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import { auditActor, lockUser, userTarget } from '../user-rows.ts';
import type { InvitationDeps } from './invitation-deps.ts';
import { revokeOpenInvitations } from './issue-invitation.ts';
import { invitationStateOf } from './invitation-states.ts';

/**
 * DELETE /api/users/:id/invitation: the person's open invitation stops working. Their account
 * stays, without a password, until an admin sends a new invitation or deletes it. With nothing
 * open, nothing changes and nothing is recorded (as deactivating a deactivated account).
 */
export async function withdrawInvitation(deps: InvitationDeps, actor: Actor, userId: string): Promise<InvitationState | null> {
  await deps.db.transaction(async (tx) => {
    const person = await lockUser(tx, userId);
    const now = deps.now();
    const revoked = await revokeOpenInvitations(tx, person.id, now);
    const [latest] = revoked;
    if (!latest) return;
    await recordAudit(tx, {
      kind: 'user.invitation_withdrawn',
      actor: auditActor(actor),
      target: userTarget(person),
      people: [person.id],
      before: { invitationExpiresAt: latest.expiresAt.toISOString() },
      after: null,
      at: now,
    });
  });
  return invitationStateOf(deps.db, userId, deps.now());
}
