import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IsoDate, LoanView } from '@kobo/core';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { refreshAfterLoanChange } from './admin-loan-query-keys.ts';

/** Why, and an optional value date (today when absent), never before the entry's own. */
export type LoanReversalBody = { reason: string; valueDate?: IsoDate };

/**
 * Undoes one ledger entry with a linked entry the other way: a repayment (newest first), or a
 * disbursement with its fee once no repayment stands, which puts the loan back to approved.
 */
export async function reverseLoanEntry(input: { entryId: string; body: LoanReversalBody; idempotencyKey: string }): Promise<LoanView> {
  const { loan } = await idempotentPost<{ loan: LoanView }>(
    `/api/loans/entries/${encodeURIComponent(input.entryId)}/reversal`,
    input.body,
    input.idempotencyKey,
  );
  return loan;
}

export function useReverseLoanEntry() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reverseLoanEntry, onSettled: () => refreshAfterLoanChange(queryClient) });
}
