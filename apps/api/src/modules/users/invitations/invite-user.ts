import type { MailNotice, PublicUser, Role } from '@kobo/core';
import type { Actor } from '../../../auth/actor.ts';
import { mailNotice } from '../../../mail/mail-notice.ts';
import { createUser } from '../create-user.ts';
import { auditActor } from '../user-rows.ts';
import type { InvitationDeps } from './invitation-deps.ts';
import { issueInvitation, type IssuedInvitation } from './issue-invitation.ts';

export type Invitee = { email: string; name: string; role: Role; phoneNumber: string | null };

/**
 * Add user's "Send an invitation" (issue 15): the person's account at once, without a password,
 * with what Add user gives (a staff member's staff ID and savings account, the audit entry), and
 * the invitation and its mail, all in one transaction: every part of it, or none. Without a mail
 * server the mail is only kept, and the admin gets its link to hand over (docs/decisions/037).
 */
export async function inviteUser(deps: InvitationDeps, actor: Actor, input: Invitee): Promise<{ user: PublicUser; expiresAt: Date; mail: MailNotice }> {
  const issued: { invitation?: IssuedInvitation } = {};
  const user = await createUser(deps, actor, { ...input, password: null }, async (tx, userId) => {
    issued.invitation = await issueInvitation(tx, { userId, invitedBy: auditActor(actor), now: deps.now(), appUrl: deps.appUrl });
  });
  deps.outbox.nudge();
  const { invitation } = issued;
  if (!invitation) throw new Error('the invitation was not issued');
  return { user, expiresAt: invitation.expiresAt, mail: invitationNotice(deps, invitation) };
}

/** The invitation's mail as its answer tells of it: the accept link goes to the admin only when the mail is kept. */
export function invitationNotice(deps: InvitationDeps, invitation: IssuedInvitation): MailNotice {
  return mailNotice(deps.outbox, [{ ...invitation.person, link: invitation.link }]);
}
