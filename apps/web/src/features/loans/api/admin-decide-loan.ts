import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoanView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterLoanChange } from './admin-loan-query-keys.ts';

export type LoanDecision = { decision: 'approve' } | { decision: 'reject'; reason: string };

/** Approve or reject an application; the server refuses the applicant's own officer under two-person approval (403). */
export async function decideLoan(input: { loanId: string } & LoanDecision): Promise<LoanView> {
  const { loanId, ...body } = input;
  const { loan } = await apiRequest<{ loan: LoanView }>(`/api/loans/${encodeURIComponent(loanId)}/decision`, { method: 'POST', body });
  return loan;
}

export function useDecideLoan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideLoan, onSettled: () => refreshAfterLoanChange(queryClient) });
}
