import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoanRecoveryList, LoanRecoveryView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** Recoveries from guarantors awaiting a second officer (issue 33). Under 'loans', so a loan change refreshes them. */
const recoveriesKey = ['loans', 'approvals', 'recoveries'] as const;

export function getPendingRecoveries(): Promise<LoanRecoveryList> {
  return apiRequest<LoanRecoveryList>('/api/loan-recoveries?status=proposed');
}

export function usePendingRecoveries() {
  return useQuery(queryOptions({ queryKey: recoveriesKey, queryFn: getPendingRecoveries }));
}

export function decideRecovery(input: { id: string; decision: 'approve' } | { id: string; decision: 'decline'; reason: string }): Promise<LoanRecoveryView> {
  const url = `/api/loan-recoveries/${encodeURIComponent(input.id)}/${input.decision}`;
  return apiRequest<LoanRecoveryView>(url, input.decision === 'approve' ? { method: 'POST' } : { method: 'POST', body: { reason: input.reason } });
}

/** An approval moves guarantors' savings and repays the loan: every loan and savings answer is refreshed. */
export function useDecideRecovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideRecovery,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['loans'] }), queryClient.invalidateQueries({ queryKey: savingsKeys.all })]),
  });
}
