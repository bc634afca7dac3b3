import { formatNaira, isInflow, MAIL_KIND_LABELS, type IsoDate, type Kobo, type SavingsTransactionType } from '@kobo/core';
import type { MailMessage } from './mailer.ts';
import { formatDay, optOutFooter } from './mail-format.ts';

/** A ledger row as a receipt tells it: what kind of movement, and with whom. */
export type PostingKind = {
  type: SavingsTransactionType;
  counterpartyName: string | null;
  /** The payroll batch it came from (its description), if any. */
  batchDescription: string | null;
};

export type PostingReceipt = {
  holder: { name: string; email: string };
  posting: PostingKind & { amountKobo: Kobo; valueDate: IsoDate; description: string | null };
  /** The posting a reversal undid, and why; null for any other posting. */
  reversal: { original: PostingKind & { amountKobo: Kobo; valueDate: IsoDate }; reason: string } | null;
  balanceAfterKobo: Kobo;
  /** 'you', or the officer's name and email (mail-format.ts postedByLine). */
  postedBy: string;
  savingsLink: string;
  appUrl: string;
};

/** 'deposit', 'transfer in from Bola Ade', 'payroll batch contribution (November 2026 contribution)'… */
export function postingPhrase(kind: PostingKind): string {
  if (kind.batchDescription !== null) {
    return `payroll batch ${isInflow(kind.type) ? 'contribution' : 'withdrawal'} (${kind.batchDescription})`;
  }
  switch (kind.type) {
    case 'deposit':
      return 'deposit';
    case 'withdrawal':
      return 'withdrawal';
    case 'transfer_in':
      return `transfer in from ${kind.counterpartyName ?? 'another account'}`;
    case 'transfer_out':
      return `transfer out to ${kind.counterpartyName ?? 'another account'}`;
    case 'penalty':
      return 'penalty';
    case 'interest':
      return 'interest';
  }
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * Issue 15: a holder hears of every posting on their savings: what it was, how much, its value
 * date, the balance it left and who posted it.
 */
export function postingReceiptMail(receipt: PostingReceipt): MailMessage {
  const { posting, reversal } = receipt;
  const amount = formatNaira(posting.amountKobo);
  const what = reversal
    ? `Reversal of the ${postingPhrase(reversal.original)} of ${formatNaira(reversal.original.amountKobo)} valued ${formatDay(reversal.original.valueDate)}`
    : capitalised(postingPhrase(posting));
  const direction = isInflow(posting.type) ? 'into' : 'out of';
  return {
    to: receipt.holder.email,
    subject: reversal ? `A posting of ${formatNaira(reversal.original.amountKobo)} on your savings was reversed` : `${capitalised(postingPhrase(posting))} of ${amount} on your savings`,
    text: [
      `Hello ${receipt.holder.name},`,
      '',
      `${amount} went ${direction} your savings account.`,
      '',
      `What: ${what}`,
      ...(reversal ? [`Reason: ${reversal.reason}`] : []),
      `Amount: ${amount} ${isInflow(posting.type) ? 'in' : 'out'}`,
      `Value date: ${formatDay(posting.valueDate)}`,
      `New balance: ${formatNaira(receipt.balanceAfterKobo)}`,
      `Posted by: ${receipt.postedBy}`,
      ...(!reversal && posting.description ? [`Description: ${posting.description}`] : []),
      '',
      `Your savings in Kobo: ${receipt.savingsLink}`,
      ...optOutFooter(receipt.appUrl, MAIL_KIND_LABELS.postings.label),
    ].join('\n'),
  };
}
