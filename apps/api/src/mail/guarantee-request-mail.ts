import { formatNaira, formatMonths, personLabel, type Kobo, type LoanPerson } from '@kobo/core';
import type { MailMessage } from './mailer.ts';

/** Issue 12: a guarantor hears of the request by email as well as on their savings page. */
export function guaranteeRequestMail(request: {
  guarantor: { email: string; name: string };
  borrower: Pick<LoanPerson, 'name' | 'staffId'>;
  productName: string;
  principalKobo: Kobo;
  months: number;
  shareKobo: Kobo;
  link: string;
}): MailMessage {
  return {
    to: request.guarantor.email,
    subject: `${request.borrower.name} asks you to guarantee a loan`,
    text: [
      `Hello ${request.guarantor.name},`,
      '',
      `${personLabel(request.borrower)} has applied for a loan of ${formatNaira(request.principalKobo)} (${request.productName}, over ${formatMonths(request.months)}) and named you as a guarantor for ${formatNaira(request.shareKobo)}.`,
      'If you accept, that much of your savings is held until the loan is repaid.',
      '',
      `To accept or decline, open your savings page in Kobo: ${request.link}`,
    ].join('\n'),
  };
}
