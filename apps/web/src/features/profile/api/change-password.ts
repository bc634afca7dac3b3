import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** The answer carries this browser's new session cookie: every other session has ended. */
export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/account/password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
