import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MySavings } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';
import { myArrearsQueryOptions } from './get-my-arrears.ts';
import { myProductAccountsQueryOptions } from './get-my-product-accounts.ts';
import { myRequestsQueryOptions } from './get-my-requests.ts';
import { FRESH_ON_ARRIVAL_MS } from '../../../lib/fresh-on-arrival.ts';

/** The signed-in user's or staff member's own account and history, newest first. */
export function getMySavings(): Promise<MySavings> {
  return apiRequest<MySavings>('/api/savings/me');
}

export function mySavingsQueryOptions() {
  return queryOptions({ queryKey: savingsKeys.mine, queryFn: getMySavings, staleTime: FRESH_ON_ARRIVAL_MS });
}

export function useMySavings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...mySavingsQueryOptions(), enabled: options.enabled ?? true });
}

/**
 * Asked for as the address opens, alongside the page's code (app/preload-route.ts): the account and
 * every section of the page, so that a page the server draws holds them all, and the browser taking
 * it over has nothing left to ask and draw in one long task (issue 34's total blocking time).
 */
export function prefetchMySavings(client: QueryClient): void {
  void client.prefetchQuery(mySavingsQueryOptions());
  void client.prefetchQuery(myProductAccountsQueryOptions());
  void client.prefetchQuery(myArrearsQueryOptions());
  void client.prefetchQuery(myRequestsQueryOptions());
}
