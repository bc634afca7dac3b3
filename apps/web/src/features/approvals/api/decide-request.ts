import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavingsRequestApproved, SavingsRequestDecided } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** Approving posts the request's money (the server refuses the maker of a two-person request: 403). */
export function approveRequest(id: string): Promise<SavingsRequestApproved> {
  return apiRequest<SavingsRequestApproved>(`/api/savings/requests/${encodeURIComponent(id)}/approve`, { method: 'POST', body: {} });
}

export function declineRequest(input: { id: string; reason: string }): Promise<SavingsRequestDecided> {
  return apiRequest<SavingsRequestDecided>(`/api/savings/requests/${encodeURIComponent(input.id)}/decline`, {
    method: 'POST',
    body: { reason: input.reason },
  });
}

// Either way (and after a refusal: someone may have decided it first) balances, lists and the count refresh.
export function useApproveRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveRequest, onSettled: () => queryClient.invalidateQueries({ queryKey: savingsKeys.all }) });
}

export function useDeclineRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: declineRequest, onSettled: () => queryClient.invalidateQueries({ queryKey: savingsKeys.all }) });
}
