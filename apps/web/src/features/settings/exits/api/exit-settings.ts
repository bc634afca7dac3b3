import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExitSettings } from '@kobo/core';
import { apiRequest } from '../../../../lib/api-client.ts';

// The exits screens read the same settings: one key under 'exits', so a save refreshes both.
const SETTINGS_KEY = ['exits', 'settings'] as const;

/** Issue 32: the notice period, the exit fee, and whether interest is paid pro rata to the exit date. */
export function useExitSettings() {
  return useQuery(queryOptions({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => apiRequest<ExitSettings>('/api/exits/settings', { signal }) }));
}

export function useSaveExitSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExitSettings) => apiRequest<ExitSettings>('/api/exits/settings', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}
