import type { MailMessage } from './mailer.ts';

export function resetLinkMail(to: { email: string; name: string }, link: string): MailMessage {
  return {
    to: to.email,
    subject: 'Reset your Kobo password',
    text: [
      `Hello ${to.name},`,
      '',
      'Someone asked to reset the password of your Kobo account. To choose a new password, open:',
      link,
      '',
      'The link works once and expires in one hour. If you did not ask for this, ignore this email.',
    ].join('\n'),
  };
}
