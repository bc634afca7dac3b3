import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, UserAnswer } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKeys } from './users-query-keys.ts';

export async function changeUserRole({ userId, role }: { userId: string; role: Role }): Promise<UserAnswer> {
  return apiRequest<UserAnswer>(`/api/users/${encodeURIComponent(userId)}/role`, { method: 'PATCH', body: { role } });
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
