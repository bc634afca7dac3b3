import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { YearEndSettings } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

// The year-end screen keys the same answer ['year-end', 'settings'], so a save here refreshes it there.
const YEAR_END_SETTINGS_KEY = ['year-end', 'settings'] as const;

/** Issue 31: the financial year's first month, the reserve's least percentage and withholding tax. */
export function useYearEndSettings() {
  return useQuery({ queryKey: YEAR_END_SETTINGS_KEY, queryFn: ({ signal }) => apiRequest<YearEndSettings>('/api/year-end/settings', { signal }) });
}

export function useSaveYearEndSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: YearEndSettings) => apiRequest<YearEndSettings>('/api/year-end/settings', { method: 'PUT', body: input }),
    onSuccess: (saved) => client.setQueryData(YEAR_END_SETTINGS_KEY, saved),
    onSettled: () => client.invalidateQueries({ queryKey: ['year-end'] }),
  });
}
