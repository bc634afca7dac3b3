import { useMutation, useQuery } from '@tanstack/react-query';
import type { InvitationAccepted, InvitationView } from '@kobo/core';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/** Who an invitation link is for; a dead link is a 404 or 410 with the server's sentence. */
export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationView> {
  return apiRequest<InvitationView>(`/api/invitations/${encodeURIComponent(token)}`, { signal });
}

export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => getInvitation(token, signal),
    // A dead link stays dead: asking again would only repeat the refusal.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    staleTime: Infinity,
  });
}

export function acceptInvitation(input: { token: string; password: string }): Promise<InvitationAccepted> {
  return apiRequest<InvitationAccepted>(`/api/invitations/${encodeURIComponent(input.token)}/accept`, {
    method: 'POST',
    body: { password: input.password },
  });
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
