import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser, SessionInfo } from '@kobo/core';
import { ApiError, apiRequest } from '../api-client.ts';

export const SESSION_QUERY_KEY = ['session'] as const;

/** The signed-in user, or null when there is no session (a 401 is an answer, not an error). */
export async function getSession(): Promise<PublicUser | null> {
  try {
    const { user } = await apiRequest<SessionInfo>('/api/auth/session');
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: getSession, staleTime: 60_000 });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
