import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type SavingsRequestView } from '@kobo/core';
import { ApiError, apiRequest, errorMessage } from './api-client.ts';
import { savingsKeys } from './savings-query-keys.ts';

/**
 * The pieces of issue 15's savings requests more than one feature needs: the navigation's count,
 * the maker's Cancel (an admin on /approvals, a member on /savings), and how a posting's answer
 * says it became a request instead (202 `{ request }` where a posting answers 201).
 */

/** A posting the server held back for approval: a second administrator's, or an admin's confirmation of a member's. */
export type SentForApproval = { request: SavingsRequestView };

export function isSentForApproval(answer: object): answer is SentForApproval {
  return 'request' in answer;
}

/** 409: someone decided (or the maker cancelled) it first; the lists on screen are out of date. */
export function isAlreadyDecided(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/**
 * A refused approval, decline or cancel as the screens say it: the server's sentence, and after a
 * 409 that the list (refreshed by the mutation) now shows where the request stands.
 */
export function requestDecisionError(error: unknown): string {
  const message = errorMessage(error, MESSAGES.serverError);
  return isAlreadyDecided(error) ? `${message.replace(/\.$/, '')}. ${MESSAGES.savingsRequestsRefreshed}` : message;
}

/** How many requests wait for an administrator: the badge on Approvals. */
export async function getPendingRequestCount(): Promise<number> {
  const { pending } = await apiRequest<{ pending: number }>('/api/savings/requests/count');
  return pending;
}

/**
 * Any posting or decision in this tab refreshes it (it sits under ['savings']); another
 * administrator's requests arrive with the minute's refetch or when the tab is focused again.
 */
export function usePendingRequestCount(isEnabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: savingsKeys.requestCount,
      queryFn: getPendingRequestCount,
      enabled: isEnabled,
      refetchInterval: 60_000,
    }),
  );
}

export async function cancelSavingsRequest(input: { id: string; reason?: string }): Promise<SavingsRequestView> {
  const { request } = await apiRequest<{ request: SavingsRequestView }>(`/api/savings/requests/${encodeURIComponent(input.id)}/cancel`, {
    method: 'POST',
    body: input.reason ? { reason: input.reason } : {},
  });
  return request;
}

/** Cancelling frees what the request held: balances, lists and the count all refresh. */
export function useCancelSavingsRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSavingsRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savingsKeys.all }),
  });
}
