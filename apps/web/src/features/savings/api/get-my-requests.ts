import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySavingsRequests, SavingsRequestView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** The requests on the signed-in holder's own account (issue 15), newest first: theirs, and an admin's awaiting a second approval. */
export async function getMyRequests(): Promise<SavingsRequestView[]> {
  const { requests } = await apiRequest<MySavingsRequests>('/api/savings/requests/mine');
  return requests;
}

export function myRequestsQueryOptions() {
  // A few seconds fresh, as the page's own answer (get-my-savings.ts): asked for as the address opens,
  // or carried in a page the server drew, it serves the first render instead of being asked again.
  return queryOptions({ queryKey: savingsKeys.myRequests, queryFn: getMyRequests, staleTime: 5_000 });
}

export function useMyRequests() {
  return useQuery(myRequestsQueryOptions());
}
