import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SavingsRequestList } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

export type RequestTab = 'pending' | 'decided';

const PAGE_SIZE = 50;

/** One page of requests, newest first; `before` continues after the previous page. */
export function getRequests(status: RequestTab, before: string | null, signal?: AbortSignal): Promise<SavingsRequestList> {
  const query = new URLSearchParams({ status, limit: String(PAGE_SIZE) });
  if (before) query.set('before', before);
  return apiRequest<SavingsRequestList>(`/api/savings/requests?${query}`, { signal });
}

export function requestsQueryOptions(status: RequestTab) {
  return infiniteQueryOptions({
    queryKey: savingsKeys.requestList(status),
    queryFn: ({ pageParam, signal }) => getRequests(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore ?? null,
    // Another administrator may decide or add requests while this one reads the list.
    refetchInterval: 60_000,
  });
}

export function useRequests(status: RequestTab) {
  return useInfiniteQuery(requestsQueryOptions(status));
}
