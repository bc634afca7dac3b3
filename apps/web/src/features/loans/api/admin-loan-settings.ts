import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoanSettings } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLoanKeys } from './admin-loan-query-keys.ts';

/** The lending settings: for now, whether an application's own officer may approve it. */
export async function getLoanSettings(): Promise<LoanSettings> {
  const { settings } = await apiRequest<{ settings: LoanSettings }>('/api/loans/settings');
  return settings;
}

export async function saveLoanSettings(settings: LoanSettings): Promise<LoanSettings> {
  const { settings: saved } = await apiRequest<{ settings: LoanSettings }>('/api/loans/settings', { method: 'PUT', body: settings });
  return saved;
}

export function loanSettingsQueryOptions() {
  return queryOptions({ queryKey: adminLoanKeys.settings, queryFn: getLoanSettings });
}

export function useLoanSettings() {
  return useQuery(loanSettingsQueryOptions());
}

export function useSaveLoanSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLoanSettings,
    onSuccess: (saved) => queryClient.setQueryData(adminLoanKeys.settings, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminLoanKeys.settings }),
  });
}
