import { formatNaira, SAVINGS_REQUEST_TYPE_LABELS, type Kobo, type SavingsRequestType } from '@kobo/core';
import type { MailMessage } from './mailer.ts';

/**
 * Issue 15: a member whose own deposit or withdrawal request an administrator declined is told
 * why. (An approval needs no mail of its own: the posting it makes sends the member a receipt.)
 */
export function requestDeclinedMail(request: {
  member: { email: string; name: string };
  type: SavingsRequestType;
  amountKobo: Kobo;
  createdAt: Date;
  declinedBy: string;
  reason: string;
  link: string;
}): MailMessage {
  const what = `${SAVINGS_REQUEST_TYPE_LABELS[request.type].toLowerCase()} of ${formatNaira(request.amountKobo)}`;
  return {
    to: request.member.email,
    subject: `Your ${what} was declined`,
    text: [
      `Hello ${request.member.name},`,
      '',
      `${request.declinedBy} declined your ${what}, asked for on ${request.createdAt.toISOString().slice(0, 10)}. Your balance has not changed.`,
      '',
      `Reason: ${request.reason}`,
      '',
      `Your savings page in Kobo: ${request.link}`,
    ].join('\n'),
  };
}
