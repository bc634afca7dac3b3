import { MAIL_KIND_LABELS, monthLabel, type PayrollMonth } from '@kobo/core';
import type { MailMessage } from './mailer.ts';
import { optOutFooter } from './mail-format.ts';

/** Issue 15: on the 1st, a holder whose savings moved last month gets that month's statement. */
export function monthlyStatementMail(statement: { holder: { name: string; email: string }; month: PayrollMonth; savingsLink: string; appUrl: string }): Omit<MailMessage, 'attachments'> {
  const month = monthLabel(statement.month);
  return {
    to: statement.holder.email,
    subject: `Your savings statement for ${month}`,
    text: [
      `Hello ${statement.holder.name},`,
      '',
      `Your savings statement for ${month} is attached: the opening balance, every posting of the month by value date with the balance after it, and the closing balance.`,
      '',
      `Your savings in Kobo: ${statement.savingsLink}`,
      ...optOutFooter(statement.appUrl, MAIL_KIND_LABELS.statements.label),
    ].join('\n'),
  };
}
