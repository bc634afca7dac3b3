import type { MailNotice } from '@kobo/core';
import type { Actor } from '../../../auth/actor.ts';
import { auditActor } from '../user-rows.ts';
import type { InvitationDeps } from './invitation-deps.ts';
import { invitationNotice } from './invite-user.ts';
import { issueInvitation } from './issue-invitation.ts';

/** POST /api/users/:id/invitation: a new link for seven more days; the one before stops working. */
export async function resendInvitation(deps: InvitationDeps, actor: Actor, userId: string): Promise<{ expiresAt: Date; mail: MailNotice }> {
  const issued = await deps.db.transaction((tx) => issueInvitation(tx, { userId, invitedBy: auditActor(actor), now: deps.now(), appUrl: deps.appUrl }));
  deps.outbox.nudge();
  return { expiresAt: issued.expiresAt, mail: invitationNotice(deps, issued) };
}
