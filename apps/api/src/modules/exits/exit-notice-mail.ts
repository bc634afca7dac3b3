import { EXIT_REASON_LABELS, formatNaira, type ExitView, type Kobo } from '@kobo/core';
import type { MailMessage } from '../../mail/mailer.ts';

/** Issue 32, "Notice": the member hears that their notice is recorded, when they leave and when they can be settled. */
export function exitNoticeMail(member: { email: string; name: string }, exit: ExitView, givenByThemselves: boolean, link: string): MailMessage {
  return {
    to: member.email,
    subject: 'Your notice to leave the scheme is recorded',
    text: [
      `Hello ${member.name},`,
      '',
      givenByThemselves ? 'Your notice to leave the scheme is recorded.' : `${exit.givenByName} recorded your notice to leave the scheme.`,
      `Reason: ${EXIT_REASON_LABELS[exit.reason]}. Leaving date: ${exit.leavingDate}. Your savings can be settled from ${exit.earliestSettlementDate}.`,
      'From now on you cannot take a new loan or guarantee one. Any guarantee you give must be released before you are settled.',
      '',
      `You can see your notice on your profile in Kobo: ${link}`,
    ].join('\n'),
  };
}

/** Issue 32, "Guarantees first": another member is asked to guarantee a running loan in a leaving member's place. */
export function replacementRequestMail(request: {
  guarantor: { email: string; name: string };
  borrowerName: string;
  leaverName: string;
  productName: string;
  amountKobo: Kobo;
  link: string;
}): MailMessage {
  return {
    to: request.guarantor.email,
    subject: `${request.borrowerName} asks you to guarantee a loan`,
    text: [
      `Hello ${request.guarantor.name},`,
      '',
      `${request.leaverName} is leaving the scheme and guaranteed ${formatNaira(request.amountKobo)} of ${request.borrowerName}'s loan (${request.productName}).`,
      `You are asked to guarantee that ${formatNaira(request.amountKobo)} in their place. If you accept, that much of your savings is held until the loan is repaid.`,
      '',
      `To accept or decline, open your loans on your savings page in Kobo: ${request.link}`,
    ].join('\n'),
  };
}

/** The borrower hears that their leaving guarantor's share has been asked of someone else. */
export function replacementNoticeMail(request: { borrower: { email: string; name: string }; leaverName: string; guarantorName: string; productName: string; amountKobo: Kobo }): MailMessage {
  return {
    to: request.borrower.email,
    subject: 'A new guarantor is asked for your loan',
    text: [
      `Hello ${request.borrower.name},`,
      '',
      `${request.leaverName} is leaving the scheme, so their guarantee of ${formatNaira(request.amountKobo)} on your loan (${request.productName}) must be released.`,
      `${request.guarantorName} has been asked to guarantee it in their place. You will see their answer on your loan in Kobo.`,
    ].join('\n'),
  };
}
