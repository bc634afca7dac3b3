import { formatNaira, MAIL_KIND_LABELS, type IsoDate, type Kobo } from '@kobo/core';
import type { MailMessage } from './mailer.ts';
import { formatDay, optOutFooter } from './mail-format.ts';

/** What happened to the loan: an entry on its ledger, or its write-off (which posts none). */
export type LoanEvent =
  | { kind: 'disbursement'; amountKobo: Kobo; feeKobo: Kobo; valueDate: IsoDate }
  | { kind: 'repayment'; amountKobo: Kobo; valueDate: IsoDate }
  | { kind: 'repayment_reversed'; amountKobo: Kobo; originalValueDate: IsoDate; valueDate: IsoDate; reason: string }
  | { kind: 'disbursement_reversed'; amountKobo: Kobo; valueDate: IsoDate; reason: string }
  | { kind: 'written_off'; writtenOffKobo: Kobo; on: IsoDate; reason: string };

export type LoanEventNotice = {
  borrower: { name: string; email: string };
  productName: string;
  principalKobo: Kobo;
  event: LoanEvent;
  /** What the loan still takes after the event: fee, interest not waived, principal (core's outstandingTotal). */
  outstandingKobo: Kobo;
  /** 'you', or the officer's name and email (mail-format.ts postedByLine). */
  postedBy: string;
  loansLink: string;
  appUrl: string;
};

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

function subjectAndLines(notice: LoanEventNotice): { subject: string; lines: string[] } {
  const { event } = notice;
  const loan = `your ${formatNaira(notice.principalKobo)} loan (${notice.productName})`;
  const outstanding = `Outstanding after it: ${formatNaira(notice.outstandingKobo)}`;
  switch (event.kind) {
    case 'disbursement':
      return {
        subject: `Your loan of ${formatNaira(event.amountKobo)} has been paid out`,
        lines: [
          `${capitalised(loan)} was paid out.`,
          '',
          `Value date: ${formatDay(event.valueDate)}`,
          ...(event.feeKobo > 0 ? [`Processing fee: ${formatNaira(event.feeKobo)}`] : []),
          outstanding,
        ],
      };
    case 'repayment':
      return {
        subject: `Loan repayment of ${formatNaira(event.amountKobo)} received`,
        lines: [`A repayment of ${formatNaira(event.amountKobo)} was posted on ${loan}.`, '', `Value date: ${formatDay(event.valueDate)}`, outstanding],
      };
    case 'repayment_reversed':
      return {
        subject: `Loan repayment of ${formatNaira(event.amountKobo)} reversed`,
        lines: [
          `The repayment of ${formatNaira(event.amountKobo)} valued ${formatDay(event.originalValueDate)} on ${loan} was reversed.`,
          '',
          `Reason: ${event.reason}`,
          `Value date: ${formatDay(event.valueDate)}`,
          outstanding,
        ],
      };
    case 'disbursement_reversed':
      return {
        subject: 'Your loan payout was reversed',
        lines: [
          `The payout of ${loan} was reversed: the loan is approved again, with nothing paid out on it.`,
          '',
          `Reason: ${event.reason}`,
          `Value date: ${formatDay(event.valueDate)}`,
          outstanding,
        ],
      };
    case 'written_off':
      return {
        subject: 'Your loan has been written off',
        lines: [`${capitalised(loan)} was written off on ${formatDay(event.on)}.`, '', `Reason: ${event.reason}`, `Written off: ${formatNaira(event.writtenOffKobo)}`],
      };
  }
}

/** Issue 15: the borrower hears of every movement on their loan, and of its write-off. */
export function loanEventMail(notice: LoanEventNotice): MailMessage {
  const { subject, lines } = subjectAndLines(notice);
  return {
    to: notice.borrower.email,
    subject,
    text: [
      `Hello ${notice.borrower.name},`,
      '',
      ...lines,
      `${notice.event.kind === 'written_off' ? 'Written off by' : 'Posted by'}: ${notice.postedBy}`,
      '',
      `Your loans in Kobo: ${notice.loansLink}`,
      ...optOutFooter(notice.appUrl, MAIL_KIND_LABELS.loans.label),
    ].join('\n'),
  };
}
