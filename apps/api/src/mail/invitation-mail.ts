import { INVITATION_DAYS, ROLE_LABELS, type Role } from '@kobo/core';
import type { MailMessage } from './mailer.ts';

/**
 * Issue 15: an invited person hears who made their account, as what, and where to choose their
 * password. The link is the secret: it works once and for INVITATION_DAYS days.
 */
export function invitationMail(invitation: {
  person: { email: string; name: string; role: Role; staffId: string | null };
  invitedBy: { name: string };
  link: string;
}): MailMessage {
  const { person } = invitation;
  const staffLine = person.staffId ? ` Your staff ID is ${person.staffId}.` : '';
  return {
    to: person.email,
    subject: 'You are invited to Kobo',
    text: [
      `Hello ${person.name},`,
      '',
      `${invitation.invitedBy.name} has made you a Kobo account for ${person.email} (role: ${ROLE_LABELS[person.role]}).${staffLine}`,
      'To choose your password, open:',
      invitation.link,
      '',
      `The link works once and expires in ${INVITATION_DAYS} days. If you did not expect this, ignore this email.`,
    ].join('\n'),
  };
}
