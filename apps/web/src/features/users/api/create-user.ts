import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddUserInput, UserAnswer } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session.ts';
import { usersKeys } from './users-query-keys.ts';

/** Add user: an active account with the chosen role (a staff member also gets a staff ID and savings). */
export async function createUser(input: AddUserInput): Promise<UserAnswer> {
  return apiRequest<UserAnswer>('/api/users', { method: 'POST', body: input });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: async () => {
      // SPEC 4: after an admin creates a user, the current user's data is refreshed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: usersKeys.all }),
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]);
    },
  });
}
