import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EntryRequestView, EntryRequestsView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksAdminKeys } from './books-admin-keys.ts';

export function getPendingEntryRequests(signal?: AbortSignal): Promise<EntryRequestsView> {
  return apiRequest<EntryRequestsView>('/api/books/entry-requests?status=pending', { signal });
}

export function usePendingEntryRequests() {
  return useQuery({ queryKey: booksAdminKeys.entryRequests('pending'), queryFn: ({ signal }) => getPendingEntryRequests(signal), refetchInterval: 60_000 });
}

export function approveEntryRequest(id: string): Promise<{ request: EntryRequestView }> {
  return apiRequest<{ request: EntryRequestView }>(`/api/books/entry-requests/${encodeURIComponent(id)}/approve`, { method: 'POST', body: {} });
}

export function declineEntryRequest(input: { id: string; reason: string }): Promise<{ request: EntryRequestView }> {
  return apiRequest<{ request: EntryRequestView }>(`/api/books/entry-requests/${encodeURIComponent(input.id)}/decline`, { method: 'POST', body: { reason: input.reason } });
}

// Either way (someone may have decided it first) the list and the reports refresh.
export function useApproveEntryRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveEntryRequest, onSettled: () => queryClient.invalidateQueries({ queryKey: booksAdminKeys.all }) });
}

export function useDeclineEntryRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: declineEntryRequest, onSettled: () => queryClient.invalidateQueries({ queryKey: booksAdminKeys.all }) });
}
