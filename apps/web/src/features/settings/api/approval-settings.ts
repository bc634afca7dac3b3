import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalSettings, ApprovalSettingsInput } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

const APPROVAL_SETTINGS_KEY = ['approval-settings'] as const;

/** Issue 15: the two-person threshold (null: off) and whether members' own postings move money at once. */
export function getApprovalSettings(): Promise<ApprovalSettings> {
  return apiRequest<ApprovalSettings>('/api/savings/approval-settings');
}

/** The threshold travels in naira as typed, as every amount does; null turns two-person approval off. */
export function saveApprovalSettings(input: ApprovalSettingsInput): Promise<ApprovalSettings> {
  return apiRequest<ApprovalSettings>('/api/savings/approval-settings', { method: 'PUT', body: input });
}

export function useApprovalSettings() {
  return useQuery(queryOptions({ queryKey: APPROVAL_SETTINGS_KEY, queryFn: getApprovalSettings }));
}

export function useSaveApprovalSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveApprovalSettings,
    onSuccess: (saved) => queryClient.setQueryData(APPROVAL_SETTINGS_KEY, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPROVAL_SETTINGS_KEY }),
  });
}
