import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvitationState, InviteUserInput, MailNotice, UserListItem } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { usersKeys } from './users-query-keys.ts';

type InvitationAnswer = { invitation: InvitationState | null; message: string };
/** Issue 26: `mail` says whether the invitation left by mail or was only kept, with its link for the admin then. */
type SentInvitationAnswer = InvitationAnswer & { mail: MailNotice };

/** Send an invitation (issue 15): the person's account now, their password by the mailed link. */
export function inviteUser(input: InviteUserInput): Promise<{ user: UserListItem; message: string; mail: MailNotice }> {
  return apiRequest('/api/users/invitations', { method: 'POST', body: input });
}

/** A new link for seven more days; the one before stops working. */
export function resendInvitation(userId: string): Promise<SentInvitationAnswer> {
  return apiRequest(`/api/users/${encodeURIComponent(userId)}/invitation`, { method: 'POST' });
}

export function withdrawInvitation(userId: string): Promise<InvitationAnswer> {
  return apiRequest(`/api/users/${encodeURIComponent(userId)}/invitation`, { method: 'DELETE' });
}

function useUsersMutation<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }) });
}

export function useInviteUser() {
  return useUsersMutation(inviteUser);
}

export function useResendInvitation() {
  return useUsersMutation(resendInvitation);
}

export function useWithdrawInvitation() {
  return useUsersMutation(withdrawInvitation);
}
