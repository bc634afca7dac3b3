import { formatNaira, youOweLabel, type RecoveryShare } from '@kobo/core';
import type { MailMessage } from '../../mail/mailer.ts';

type Mail = Omit<MailMessage, 'attachments'>;

/** A guarantor's mail: what was taken from their savings, for whose loan, and that the borrower now owes it to them. */
export function guarantorMail(guarantor: { email: string; name: string }, borrowerName: string, productName: string, share: RecoveryShare): Mail {
  return {
    to: guarantor.email,
    subject: `${formatNaira(share.amountKobo)} recovered from your savings for ${borrowerName}'s loan`,
    text: [
      `Hello ${guarantor.name},`,
      '',
      `${borrowerName}'s ${productName} loan is in default. As their guarantor, your share of the overdue amount, ${formatNaira(share.amountKobo)}, was taken from your savings and paid to the loan.`,
      `Your guarantee is lowered by the same amount, so what you may withdraw has not changed.`,
      '',
      `${borrowerName} now owes you ${formatNaira(share.amountKobo)}. You can see it on your loans page in Kobo.`,
    ].join('\n'),
  };
}

/** The borrower's mail: what their guarantors paid, and what they now owe each. */
export function borrowerMail(borrower: { email: string; name: string }, productName: string, shares: readonly RecoveryShare[]): Mail {
  const total = shares.reduce((sum, share) => sum + share.amountKobo, 0);
  return {
    to: borrower.email,
    subject: `Your guarantors paid ${formatNaira(total)} of your loan`,
    text: [
      `Hello ${borrower.name},`,
      '',
      `Your ${productName} loan is in default, so the overdue amount was recovered from your guarantors' savings: ${formatNaira(total)} was paid to the loan.`,
      '',
      ...shares.map((share) => `- ${youOweLabel(share.name, share.amountKobo)}`),
      '',
      'Please repay them, and tell a loan officer when you do.',
    ].join('\n'),
  };
}
