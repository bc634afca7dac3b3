import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileDetailsInput, UserAnswer } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session.ts';

export function updateDetails(input: ProfileDetailsInput): Promise<UserAnswer> {
  return apiRequest<UserAnswer>('/api/account/profile', { method: 'PATCH', body: input });
}

/** Saves the caller's name and phone; the session cache takes the answer, so the header's name follows at once. */
export function useUpdateDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDetails,
    onSuccess: ({ user }) => queryClient.setQueryData(SESSION_QUERY_KEY, user),
  });
}
