import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IsoDate, LoanView } from '@kobo/core';
import { idempotentPost } from '../../../lib/idempotent-post.ts';
import { refreshAfterLoanChange } from './admin-loan-query-keys.ts';

/** Naira as typed ('5,000'), read by core's schema on the server, and an optional earlier value date. */
export type RepaymentBody = { amount: string | number; valueDate?: IsoDate };

/** Money that arrived for a loan: allocated fee, interest, then principal, oldest instalment first. */
export async function postRepayment(input: { loanId: string; body: RepaymentBody; idempotencyKey: string }): Promise<LoanView> {
  const { loan } = await idempotentPost<{ loan: LoanView }>(
    `/api/loans/${encodeURIComponent(input.loanId)}/repayments`,
    input.body,
    input.idempotencyKey,
  );
  return loan;
}

export function usePostRepayment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postRepayment, onSettled: () => refreshAfterLoanChange(queryClient) });
}
