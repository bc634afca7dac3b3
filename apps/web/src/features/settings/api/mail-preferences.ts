import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailPreferences, MailPreferencesUpdate } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

const MAIL_PREFERENCES_KEY = ['mail-preferences'] as const;

/** Issue 15: which kinds of mail the signed-in person gets (savings receipts, loan updates, statements). */
export async function getMailPreferences(): Promise<MailPreferences> {
  return (await apiRequest<{ preferences: MailPreferences }>('/api/account/mail-preferences')).preferences;
}

/** Sends only the kinds that change: the server leaves the others as they are. */
export async function saveMailPreferences(update: MailPreferencesUpdate): Promise<MailPreferences> {
  return (await apiRequest<{ preferences: MailPreferences }>('/api/account/mail-preferences', { method: 'PUT', body: update })).preferences;
}

export function useMailPreferences() {
  return useQuery(queryOptions({ queryKey: MAIL_PREFERENCES_KEY, queryFn: getMailPreferences }));
}

export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(MAIL_PREFERENCES_KEY, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MAIL_PREFERENCES_KEY }),
  });
}
