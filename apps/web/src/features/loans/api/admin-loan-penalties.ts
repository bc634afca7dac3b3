import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoanPenaltiesView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterLoanChange } from './admin-loan-query-keys.ts';

/** Issue 33: a loan's penalty charges and their waiver (docs/decisions/053-loan-penalties.md). Keyed under 'loans', so any loan change refreshes them. */
const penaltyKeys = { loan: (loanId: string) => ['loans', 'admin', 'penalties', loanId] as const };

export function getLoanPenalties(loanId: string): Promise<LoanPenaltiesView> {
  return apiRequest<LoanPenaltiesView>(`/api/loans/${encodeURIComponent(loanId)}/penalties`);
}

export function useLoanPenalties(loanId: string) {
  return useQuery(queryOptions({ queryKey: penaltyKeys.loan(loanId), queryFn: () => getLoanPenalties(loanId) }));
}

/** Waives one charge (`chargeId`) or every penalty the loan still owes, with the officer's reason. */
export function waivePenalties(input: { loanId: string; chargeId: string | null; reason: string }): Promise<LoanPenaltiesView> {
  return apiRequest<LoanPenaltiesView>(`/api/loans/${encodeURIComponent(input.loanId)}/penalties/waive`, { method: 'POST', body: { chargeId: input.chargeId, reason: input.reason } });
}

export function useWaivePenalties() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: waivePenalties,
    onSuccess: (view) => queryClient.setQueryData(penaltyKeys.loan(view.loanId), view),
    onSettled: () => refreshAfterLoanChange(queryClient),
  });
}
