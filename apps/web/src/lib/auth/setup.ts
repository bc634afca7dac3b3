import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupInfo } from '@kobo/core';
import { apiRequest } from '../api-client.ts';

/**
 * Whether the database has no account yet, so the next sign-up becomes admin (DECISIONS 5), and
 * whether /signup takes new accounts (issue 15). Read by the signed-out screens and by Settings'
 * Sign-up switch, which refreshes it after a change.
 */
export function getSetup(): Promise<SetupInfo> {
  return apiRequest<SetupInfo>('/api/auth/setup');
}

export const SETUP_QUERY_KEY = ['auth', 'setup'] as const;

export function setupQueryOptions() {
  return queryOptions({ queryKey: SETUP_QUERY_KEY, queryFn: getSetup, staleTime: 0 });
}

export function useSetup() {
  return useQuery(setupQueryOptions());
}
