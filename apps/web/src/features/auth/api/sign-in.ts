import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session.ts';

export type SignInBody = { email: string; password: string };

export function signIn(input: SignInBody): Promise<SessionInfo> {
  return apiRequest<SessionInfo>('/api/auth/sign-in', { method: 'POST', body: input });
}

/** Signs in and puts the user in the session cache, so the guards pass without a refetch. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
