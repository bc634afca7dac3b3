import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IsoDate, LoanView } from '@kobo/core';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { refreshAfterLoanChange } from './admin-loan-query-keys.ts';

export type DisbursementBody = { valueDate?: IsoDate };

/** Pays out an approved loan once: a retry with the same key gets the first answer. */
export async function disburseLoan(input: { loanId: string; body: DisbursementBody; idempotencyKey: string }): Promise<LoanView> {
  const { loan } = await idempotentPost<{ loan: LoanView }>(
    `/api/loans/${encodeURIComponent(input.loanId)}/disbursement`,
    input.body,
    input.idempotencyKey,
  );
  return loan;
}

export function useDisburseLoan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disburseLoan, onSettled: () => refreshAfterLoanChange(queryClient) });
}
