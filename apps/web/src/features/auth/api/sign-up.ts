import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session.ts';

export type SignUpBody = { name: string; email: string; password: string; confirmPassword: string };

/** The server validates the body with the same signUpSchema, so confirmPassword goes too. */
export function signUp(input: SignUpBody): Promise<SessionInfo> {
  return apiRequest<SessionInfo>('/api/auth/sign-up', { method: 'POST', body: input });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      queryClient.removeQueries({ queryKey: ['auth', 'setup'] });
    },
  });
}
