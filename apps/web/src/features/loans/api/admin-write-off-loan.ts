import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoanView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterLoanChange } from './admin-loan-query-keys.ts';

/** Closes a defaulted loan; its schedule and ledger stay, and its guarantees stop binding. */
export async function writeOffLoan(input: { loanId: string; reason: string }): Promise<LoanView> {
  const { loan } = await apiRequest<{ loan: LoanView }>(`/api/loans/${encodeURIComponent(input.loanId)}/write-off`, {
    method: 'POST',
    body: { reason: input.reason },
  });
  return loan;
}

export function useWriteOffLoan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: writeOffLoan, onSettled: () => refreshAfterLoanChange(queryClient) });
}
