import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetupInfo, SignUpSettings } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { SETUP_QUERY_KEY } from '../../../lib/auth/setup.ts';

/** The sign-up switch (issue 15); its state is read from /api/auth/setup, which the signed-out screens read too. */
export function saveSignUpSettings(settings: SignUpSettings): Promise<{ settings: SignUpSettings; message: string }> {
  return apiRequest('/api/auth/sign-up-settings', { method: 'PUT', body: settings });
}

export function useSaveSignUpSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSignUpSettings,
    onSuccess: ({ settings }) => queryClient.setQueryData<SetupInfo>(SETUP_QUERY_KEY, (setup) => setup && { ...setup, openSignUp: settings.openSignUp }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SETUP_QUERY_KEY }),
  });
}
