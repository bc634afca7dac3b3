import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySavingsRequests, SavingsRequestView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';
import { FRESH_ON_ARRIVAL_MS } from '../../../lib/fresh-on-arrival.ts';

/** The requests on the signed-in holder's own account (issue 15), newest first: theirs, and an admin's awaiting a second approval. */
export async function getMyRequests(): Promise<SavingsRequestView[]> {
  const { requests } = await apiRequest<MySavingsRequests>('/api/savings/requests/mine');
  return requests;
}

export function myRequestsQueryOptions() {
  return queryOptions({ queryKey: savingsKeys.myRequests, queryFn: getMyRequests, staleTime: FRESH_ON_ARRIVAL_MS });
}

export function useMyRequests() {
  return useQuery(myRequestsQueryOptions());
}
