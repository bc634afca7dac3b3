import type { MailMessage } from './mailer.ts';

/** Issue 15: the link that confirms a new address goes to that address, so only its owner can finish the change. */
export function emailChangeConfirmMail(request: { name: string; newEmail: string; link: string }): MailMessage {
  return {
    to: request.newEmail,
    subject: 'Confirm your new Kobo email address',
    text: [
      `Hello ${request.name},`,
      '',
      `You asked to sign in to Kobo with this address, ${request.newEmail}, from now on. To confirm it, open:`,
      request.link,
      '',
      'The link works once and expires in 24 hours. Until it is opened, your email stays as it was.',
      'If you did not ask for this, ignore this email: nothing changes.',
    ].join('\n'),
  };
}

/** Issue 15: the old address hears of the change, so an owner whose account was taken over learns of it. */
export function emailChangedNoticeMail(notice: { name: string; oldEmail: string; newEmail: string }): MailMessage {
  return {
    to: notice.oldEmail,
    subject: 'Your Kobo email address was changed',
    text: [
      `Hello ${notice.name},`,
      '',
      `The email address of your Kobo account was changed from ${notice.oldEmail} to ${notice.newEmail}.`,
      'From now on, sign in with the new address; mail from Kobo goes there.',
      '',
      'If you did not make this change, contact your Kobo administrator at once.',
    ].join('\n'),
  };
}
