import { formatNaira, formatRate, YEAR_END_METHOD_LABELS, type YearEndLine } from '@kobo/core';
import type { MailMessage } from '../../mail/mailer.ts';

/**
 * A member's year-end mail (issue 31, "The run" 5): each line paid, with its basis, rate, tax and
 * where it went. The address is the caller's to add: the posting reads it as it writes the mails.
 */
export function yearEndMail(memberName: string, year: number, lines: readonly YearEndLine[]): Omit<MailMessage, 'to'> {
  const described = lines.map((line) => {
    const tax = line.taxKobo > 0 ? `, less withholding tax ${formatNaira(line.taxKobo)}` : '';
    return `- ${line.label}: ${formatRate(line.rateBp)} on ${formatNaira(line.basisKobo)} (${YEAR_END_METHOD_LABELS[line.method].toLowerCase()}) = ${formatNaira(line.grossKobo)}${tax}; ${formatNaira(line.netKobo)} paid into your ${line.toProductName}.`;
  });
  return {
    subject: `Your dividend and interest for ${year}`,
    text: [`Hello ${memberName},`, '', `The annual general meeting's distribution for ${year} has been paid:`, ...described, '', 'You can see it on your savings page in Kobo.'].join('\n'),
  };
}
