import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type ForgotPasswordInput = { email: string };

/** The reply is the same whether or not the email has an account (DECISIONS 6). */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: input });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
