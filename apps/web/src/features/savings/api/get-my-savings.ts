import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MySavings } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** The signed-in user's or staff member's own account and history, newest first. */
export function getMySavings(): Promise<MySavings> {
  return apiRequest<MySavings>('/api/savings/me');
}

export function mySavingsQueryOptions() {
  // A few seconds fresh: the answer asked for as the address opened (prefetchMySavings) serves the
  // page's first render instead of being asked again on mount; postings and live changes invalidate it.
  return queryOptions({ queryKey: savingsKeys.mine, queryFn: getMySavings, staleTime: 5_000 });
}

export function useMySavings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...mySavingsQueryOptions(), enabled: options.enabled ?? true });
}

/** Asked for as the address opens, alongside the page's code (app/preload-route.ts). */
export function prefetchMySavings(client: QueryClient): void {
  void client.prefetchQuery(mySavingsQueryOptions());
}
