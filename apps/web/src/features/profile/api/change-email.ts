import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailInput } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** Asks for a confirmation link at the new address (202): the email itself changes when it is opened. */
export function changeEmail(input: ChangeEmailInput): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/account/email', { method: 'POST', body: input });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
