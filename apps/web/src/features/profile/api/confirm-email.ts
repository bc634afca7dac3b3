import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeConfirmed } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSION_QUERY_KEY } from '../../../lib/auth/session.ts';

export function confirmEmail(token: string): Promise<EmailChangeConfirmed> {
  return apiRequest<EmailChangeConfirmed>('/api/account/email/confirm', { method: 'POST', body: { token } });
}

/** Confirms the change the link stands for; a signed-in browser then reads its session (and email) afresh. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
