import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserAnswer } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKeys } from './users-query-keys.ts';

/** Deactivate (their sessions end at once) or reactivate an account. */
export async function setUserActive({ userId, active }: { userId: string; active: boolean }): Promise<UserAnswer> {
  const action = active ? 'reactivate' : 'deactivate';
  return apiRequest<UserAnswer>(`/api/users/${encodeURIComponent(userId)}/${action}`, { method: 'POST' });
}

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
