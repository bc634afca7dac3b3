import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuarantorClaim, LoanRecoveryAnswer, LoanRecoverySettings, LoanRecoveryView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterLoanChange } from './admin-loan-query-keys.ts';

/** Issue 33: recovery from guarantors, the officers' side (docs/decisions/055-guarantor-recovery.md). Keys under 'loans', so any loan change refreshes them. */
const recoveryKeys = {
  loan: (loanId: string) => ['loans', 'admin', 'recovery', loanId] as const,
  settings: ['loans', 'admin', 'recovery-settings'] as const,
};

/** Whether the loan is in default, each guarantor's share a recovery would take now, its recoveries and the borrower's debts to guarantors. */
export function getLoanRecovery(loanId: string): Promise<LoanRecoveryAnswer> {
  return apiRequest<LoanRecoveryAnswer>(`/api/loans/${encodeURIComponent(loanId)}/recovery`);
}

export function useLoanRecovery(loanId: string, isEnabled: boolean) {
  return useQuery(queryOptions({ queryKey: recoveryKeys.loan(loanId), queryFn: () => getLoanRecovery(loanId), enabled: isEnabled }));
}

/** Proposes the recovery as the shares now stand; a second officer approves it on Approvals. */
export function proposeRecovery(loanId: string): Promise<LoanRecoveryView> {
  return apiRequest<LoanRecoveryView>(`/api/loans/${encodeURIComponent(loanId)}/recoveries`, { method: 'POST' });
}

export function useProposeRecovery() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: proposeRecovery, onSettled: () => refreshAfterLoanChange(queryClient) });
}

/** Records that the borrower repaid a guarantor `amount` naira (the record only). */
export function repayClaim(input: { claimId: string; amount: string }): Promise<GuarantorClaim> {
  return apiRequest<GuarantorClaim>(`/api/guarantor-claims/${encodeURIComponent(input.claimId)}/repayments`, { method: 'POST', body: { amount: input.amount } });
}

export function useRepayClaim() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: repayClaim, onSettled: () => refreshAfterLoanChange(queryClient) });
}

export function useRecoverySettings() {
  return useQuery(queryOptions({ queryKey: recoveryKeys.settings, queryFn: () => apiRequest<LoanRecoverySettings>('/api/loan-recovery/settings') }));
}

export function useSaveRecoverySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: LoanRecoverySettings) => apiRequest<LoanRecoverySettings>('/api/loan-recovery/settings', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(recoveryKeys.settings, saved),
    onSettled: () => refreshAfterLoanChange(queryClient),
  });
}
