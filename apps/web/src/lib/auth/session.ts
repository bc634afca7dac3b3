import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser, SessionInfo } from '@kobo/core';
import { ApiError, apiRequest } from '../api-client.ts';
import { forgetOfflineAnswers, keepOfflineAnswersFor } from '../offline-answers.ts';

export const SESSION_QUERY_KEY = ['session'] as const;

/** The signed-in user, or null when there is no session (a 401 is an answer, not an error). */
export async function getSession(): Promise<PublicUser | null> {
  try {
    const session = await apiRequest<SessionInfo>(SESSION_PATH);
    // The answers kept for offline use are this person's; another person's go (docs/decisions/030).
    if (session.user) keepOfflineAnswersFor(session.user.id, { path: SESSION_PATH, body: session });
    else forgetOfflineAnswers();
    return session.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetOfflineAnswers();
      return null;
    }
    throw error;
  }
}

const SESSION_PATH = '/api/auth/session';

export function sessionQueryOptions() {
  return queryOptions({ queryKey: SESSION_QUERY_KEY, queryFn: getSession, staleTime: 60_000 });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
