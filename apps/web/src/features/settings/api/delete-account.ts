import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * Settings → Danger Zone (SPEC 4, DECISIONS 7): the caller's expenses, then the caller. Sent with
 * `{ confirm: true }` only after the spec's prompt. The session ends with the account, so every
 * cached answer is dropped and the app goes to /signup.
 */
export function deleteAccount(): Promise<void> {
  return apiRequest<void>('/api/account', { method: 'DELETE', body: { confirm: true } });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.clear();
      void navigate(paths.signup, { replace: true });
    },
  });
}
