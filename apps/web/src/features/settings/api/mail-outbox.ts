import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxPage, OutboxStatus } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

const OUTBOX_KEY = ['mail-outbox'] as const;
const PAGE_SIZE = 25;

/** Issue 15: mail that waits or failed for good, newest first, a page at a time (admins). */
export function getOutboxPage(status: OutboxStatus, cursor: string | null): Promise<OutboxPage> {
  const query = new URLSearchParams({ status, limit: String(PAGE_SIZE), ...(cursor ? { cursor } : {}) });
  return apiRequest<OutboxPage>(`/api/mail/outbox?${query.toString()}`);
}

export function retryMail(id: string): Promise<void> {
  return apiRequest<void>(`/api/mail/outbox/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}

export function useOutbox(status: OutboxStatus) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...OUTBOX_KEY, status],
      queryFn: ({ pageParam }) => getOutboxPage(status, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: OUTBOX_KEY }),
  });
}
