import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoanRiskSettings, LoanRiskSettingsInput } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLoanKeys } from './admin-loan-query-keys.ts';

/** The classification thresholds and provision rates (issue 33). */
export async function getRiskSettings(): Promise<LoanRiskSettings> {
  const { settings } = await apiRequest<{ settings: LoanRiskSettings }>('/api/loans/risk-settings');
  return settings;
}

export async function saveRiskSettings(input: LoanRiskSettingsInput): Promise<LoanRiskSettings> {
  const { settings } = await apiRequest<{ settings: LoanRiskSettings }>('/api/loans/risk-settings', { method: 'PUT', body: input });
  return settings;
}

export function riskSettingsQueryOptions() {
  return queryOptions({ queryKey: adminLoanKeys.riskSettings, queryFn: getRiskSettings });
}

export function useRiskSettings() {
  return useQuery(riskSettingsQueryOptions());
}

/** A new scale reclassifies every loan: the report is read again. */
export function useSaveRiskSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRiskSettings,
    onSuccess: (saved) => queryClient.setQueryData(adminLoanKeys.riskSettings, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminLoanKeys.par }),
  });
}
