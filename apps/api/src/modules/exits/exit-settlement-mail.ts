import { formatNaira, type ExitRecovery, type ExitStatement } from '@kobo/core';
import type { MailMessage } from '../../mail/mailer.ts';

type Mail = Omit<MailMessage, 'attachments'>;

/** A guarantor's mail (issue 32, step 3): what was taken from their savings, and for whose loan. */
export function recoveryMail(guarantor: { email: string; name: string }, leaverName: string, recoveries: readonly ExitRecovery[]): Mail {
  const total = recoveries.reduce((sum, recovery) => sum + recovery.amountKobo, 0);
  return {
    to: guarantor.email,
    subject: `${formatNaira(total)} recovered from your savings for ${leaverName}'s loan`,
    text: [
      `Hello ${guarantor.name},`,
      '',
      `${leaverName} has left the scheme, and their savings did not cover their loan. As their guarantor, your share of the shortfall was taken from your ordinary savings:`,
      ...recoveries.map((recovery) => `- ${formatNaira(recovery.amountKobo)} of the ${formatNaira(recovery.guaranteedKobo)} you guaranteed.`),
      '',
      'Your guarantee of this loan is now released. You can see the withdrawal on your savings page in Kobo.',
    ].join('\n'),
  };
}

/** The member's mail on settlement (not sent for a death): the statement's totals and what is paid. */
export function settledMail(member: { email: string; name: string }, statement: ExitStatement): Mail {
  const lines = [
    `- Savings (every product, shares included): ${formatNaira(statement.savingsKobo)}`,
    ...(statement.interestKobo > 0 ? [`- Interest to ${statement.settlementDate}: ${formatNaira(statement.interestKobo)}`] : []),
    ...(statement.payoffKobo > 0 ? [`- Loans paid off: ${formatNaira(statement.payoffKobo)}`] : []),
    ...(statement.exitFeeKobo > 0 ? [`- Exit fee: ${formatNaira(statement.exitFeeKobo)}`] : []),
    statement.payableKobo > 0 ? `- Payable to you: ${formatNaira(statement.payableKobo)}` : `- Shortfall met: ${formatNaira(statement.shortfallKobo)}`,
  ];
  return {
    to: member.email,
    subject: 'Your exit from the scheme is settled',
    text: [
      `Hello ${member.name},`,
      '',
      `Your exit was settled on ${statement.settlementDate}. Your accounts are closed and your final statement is:`,
      ...lines,
      '',
      statement.payableKobo > 0 ? 'The scheme will pay it to you and tell you the bank reference.' : 'Nothing remains to be paid.',
    ].join('\n'),
  };
}
