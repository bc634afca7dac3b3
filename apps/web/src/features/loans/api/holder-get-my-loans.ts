import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MyLoans } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { holderLoanKeys } from './holder-query-keys.ts';
import { FRESH_ON_ARRIVAL_MS } from '../../../lib/fresh-on-arrival.ts';

/** The signed-in holder's own loans, and the guarantees colleagues have asked of them, newest first. */
export function getMyLoans(): Promise<MyLoans> {
  return apiRequest<MyLoans>('/api/loans/mine');
}

export function myLoansQueryOptions() {
  return queryOptions({ queryKey: holderLoanKeys.mine, queryFn: getMyLoans, staleTime: FRESH_ON_ARRIVAL_MS });
}

/** Asked for as My Savings opens, alongside the page's code (its loans section: app/routes.tsx). */
export function prefetchMyLoans(client: QueryClient): void {
  void client.prefetchQuery(myLoansQueryOptions());
}

export function useMyLoans() {
  return useQuery(myLoansQueryOptions());
}
