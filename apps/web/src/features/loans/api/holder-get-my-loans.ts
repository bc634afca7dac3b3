import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MyLoans } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { holderLoanKeys } from './holder-query-keys.ts';

/** The signed-in holder's own loans, and the guarantees colleagues have asked of them, newest first. */
export function getMyLoans(): Promise<MyLoans> {
  return apiRequest<MyLoans>('/api/loans/mine');
}

export function myLoansQueryOptions() {
  // A few seconds fresh, as the page's own answer (get-my-savings.ts): asked for as the address opens,
  // or carried in a page the server drew, it serves the first render instead of being asked again.
  return queryOptions({ queryKey: holderLoanKeys.mine, queryFn: getMyLoans, staleTime: 5_000 });
}

/** Asked for as My Savings opens, alongside the page's code (its loans section: app/routes.tsx). */
export function prefetchMyLoans(client: QueryClient): void {
  void client.prefetchQuery(myLoansQueryOptions());
}

export function useMyLoans() {
  return useQuery(myLoansQueryOptions());
}
