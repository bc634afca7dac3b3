import { useState } from 'react';
import { MESSAGES, type BatchDraft, type BatchReview, type BatchRowInput } from '@kobo/core';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { useReviewBatch } from '../../api/review-batch.ts';
import type { RunSettings } from './use-run-settings.ts';

/**
 * A row as the review screen edits it: what will be sent again, or null once dropped. Issue 29:
 * `products` holds the row's other savings products' amounts, by product id, as written.
 */
export type EditableRow = {
  ref: string;
  amount: string;
  type: string;
  description: string | null;
  loanRepayment: string;
  products: Record<string, string>;
  /** Issue 34: the spreadsheet's own row number, sent again with every review so it never shifts. */
  sourceRow: number | null;
};

type ReviewState = {
  base: Omit<BatchDraft, 'rows'>;
  /** Index = the reviewed row's line - 1; null where a row was dropped since. */
  rows: (EditableRow | null)[];
  /** The rows as they were when last reviewed, to tell which changed. */
  reviewedRows: EditableRow[];
  review: BatchReview | null;
};

function editable(row: BatchRowInput): EditableRow {
  const products = Object.fromEntries(Object.entries(row.products ?? {}).map(([productId, amount]) => [productId, String(amount ?? '')]));
  return {
    ref: row.ref,
    amount: String(row.amount),
    type: row.type ?? '',
    description: row.description ?? null,
    loanRepayment: String(row.loanRepayment ?? ''),
    products,
    sourceRow: row.sourceRow ?? null,
  };
}

function sameProducts(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? '') === (b[key] ?? ''));
}

function sameRow(a: EditableRow | null, b: EditableRow | undefined): boolean {
  return (
    a !== null &&
    b !== undefined &&
    a.ref === b.ref &&
    a.amount === b.amount &&
    a.type === b.type &&
    a.loanRepayment === b.loanRepayment &&
    sameProducts(a.products, b.products)
  );
}

/**
 * The Review step (issue 11): the draft last sent, the server's verdict on every row, and the
 * admin's fixes since. A fix or a dropped row makes the verdict stale until reviewed again, and
 * nothing can be posted from a stale or refused review.
 */
export function useRunReview(settings: RunSettings) {
  const reviewBatch = useReviewBatch();
  const [state, setState] = useState<ReviewState | null>(null);
  const [error, setError] = useState<string | null>(null);

  function send(base: Omit<BatchDraft, 'rows'>, rows: EditableRow[], onReviewed?: () => void) {
    setError(null);
    if (rows.length === 0) return setError(MESSAGES.batchEmpty);
    const draft: BatchDraft = { ...base, rows };
    reviewBatch.mutate(draft, {
      onSuccess: (review) => {
        // The server settles the defaults; the post sends exactly what was reviewed.
        setState({ base: { ...base, month: review.month, valueDate: review.valueDate, description: review.description }, rows, reviewedRows: rows, review });
        onReviewed?.();
      },
      onError: (failure) => {
        const message = errorMessage(failure, MESSAGES.serverError);
        const field = failure instanceof ApiError ? failure.field : undefined;
        if (field === 'month' || field === 'valueDate' || field === 'description') settings.showError(field, message);
        setError(message);
      },
    });
  }

  const changedLines = state ? state.rows.flatMap((row, index) => (sameRow(row, state.reviewedRows[index]) ? [] : [index + 1])) : [];

  return {
    review: state?.review ?? null,
    rows: state?.rows ?? [],
    error,
    isReviewing: reviewBatch.isPending,
    /** True when a row was fixed or dropped since the server last judged them. */
    isStale: changedLines.length > 0,
    isChanged: (line: number) => changedLines.includes(line),
    /** The row as it was sent to the last review: what a dropped row showed. */
    sentRow: (line: number): EditableRow | null => state?.reviewedRows[line - 1] ?? null,
    /** Starts a review of new rows (from Prepare or a file); `onReviewed` runs once it is in. */
    start(base: Omit<BatchDraft, 'rows'>, rows: BatchRowInput[], onReviewed?: () => void) {
      send(base, rows.map(editable), onReviewed);
    },
    /** Sends the rows as they are now, without the dropped ones. */
    again() {
      if (state) send(state.base, state.rows.filter((row) => row !== null));
    },
    edit(line: number, patch: Partial<EditableRow>) {
      setState((current) => current && { ...current, rows: current.rows.map((row, index) => (index === line - 1 && row ? { ...row, ...patch } : row)) });
    },
    drop(line: number) {
      setState((current) => current && { ...current, rows: current.rows.map((row, index) => (index === line - 1 ? null : row)) });
    },
    /** What Post sends: the reviewed draft, unchanged. */
    draft(): BatchDraft | null {
      return state ? { ...state.base, rows: state.reviewedRows } : null;
    },
    clear() {
      setState(null);
      setError(null);
    },
    setError,
  };
}

export type RunReview = ReturnType<typeof useRunReview>;
