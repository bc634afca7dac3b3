import { formatNaira, type BatchReview, type BatchRowType, type BatchView, type ReviewedRow } from '@kobo/core';

/** The monthly run's words and colours on screen (issue 11). */

export const ROW_STATUS: Record<ReviewedRow['status'], { label: string; color: string }> = {
  ready: { label: 'Ready', color: 'green' },
  refused: { label: 'Refused', color: 'red' },
};

export const BATCH_STATUS: Record<BatchView['status'], { label: string; color: string }> = {
  posted: { label: 'Posted', color: 'green' },
  reversed: { label: 'Reversed', color: 'gray' },
};

export const ROW_TYPE_OPTIONS: { value: BatchRowType; label: string }[] = [
  { value: 'deposit', label: 'Deposit' },
  { value: 'withdrawal', label: 'Withdrawal' },
];

/**
 * All the money a batch moves, in and out: what 'Post N transactions (₦X)' names. Issue 12: with
 * the loan repayments, so ₦X is what payroll deducted, the figure the treasurer checks against.
 */
export function movedKobo(totals: Pick<BatchReview, 'depositKobo' | 'withdrawalKobo' | 'loanRepaymentKobo'>): number {
  return totals.depositKobo + totals.withdrawalKobo + totals.loanRepaymentKobo;
}

/** '1 transaction', '200 transactions'. */
export function transactionsText(count: number): string {
  return `${count} transaction${count === 1 ? '' : 's'}`;
}

/** Issue 11's words for the one button that posts: nothing moves before it is pressed. */
export function postLabel(review: BatchReview): string {
  return `Post ${transactionsText(review.readyCount)} (${formatNaira(movedKobo(review))})`;
}

/** 'Batch 12 posted: 200 transactions (₦3,000,000.00)', after Post. */
export function batchPostedText(batch: BatchView): string {
  return `Batch ${batch.number} posted: ${transactionsText(batch.rowCount)} (${formatNaira(movedKobo(batch))})`;
}

/**
 * Issue 34: a reviewed row by the spreadsheet's own row number ('Row 4': the header is row 1), which
 * stays when another row is dropped; a row prepared on screen, which has none, by its line.
 */
export function rowName(row: Pick<ReviewedRow, 'line' | 'sourceRow'>): string {
  return row.sourceRow === null ? `Line ${row.line}` : `Row ${row.sourceRow}`;
}
