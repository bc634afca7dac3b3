import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@kobo/core';
import { apiRequest } from '../api-client.ts';
import { forgetOfflineAnswers } from '../offline-answers.ts';
import { paths } from '../paths.ts';

/** The answers kept for offline use go first, even if the server cannot be told (docs/decisions/030). */
export function signOut(): Promise<void> {
  forgetOfflineAnswers();
  return apiRequest<void>('/api/auth/sign-out', { method: 'POST' });
}

/** Ends the session, forgets every cached answer (they belonged to this user) and goes to /login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
      void navigate(paths.login, { replace: true });
    },
    onError: () => notifications.show({ color: 'red', message: MESSAGES.logoutFailed }),
  });
}
