import type { PublicUser, Role } from '@kobo/core';
import type { Actor } from '../../../auth/actor.ts';
import { createUser } from '../create-user.ts';
import { auditActor } from '../user-rows.ts';
import type { InvitationDeps } from './invitation-deps.ts';
import { issueInvitation } from './issue-invitation.ts';

export type Invitee = { email: string; name: string; role: Role; phoneNumber: string | null };

/**
 * Add user's "Send an invitation" (issue 15): the person's account at once, without a password,
 * with what Add user gives (a staff member's staff ID and savings account, the audit entry), and
 * the invitation and its mail, all in one transaction: every part of it, or none.
 */
export async function inviteUser(deps: InvitationDeps, actor: Actor, input: Invitee): Promise<{ user: PublicUser; expiresAt: Date }> {
  const issued: { expiresAt?: Date } = {};
  const user = await createUser(deps, actor, { ...input, password: null }, async (tx, userId) => {
    issued.expiresAt = (await issueInvitation(tx, { userId, invitedBy: auditActor(actor), now: deps.now(), appUrl: deps.appUrl })).expiresAt;
  });
  deps.outbox.nudge();
  if (!issued.expiresAt) throw new Error('the invitation was not issued');
  return { user, expiresAt: issued.expiresAt };
}
