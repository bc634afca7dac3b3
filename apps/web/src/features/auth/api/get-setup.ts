import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupInfo } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** Whether the database has no account yet, so the next sign-up becomes admin (DECISIONS 5). */
export function getSetup(): Promise<SetupInfo> {
  return apiRequest<SetupInfo>('/api/auth/setup');
}

export function setupQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'setup'], queryFn: getSetup, staleTime: 0 });
}

export function useSetup() {
  return useQuery(setupQueryOptions());
}
