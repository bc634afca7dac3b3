import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberProductAccountView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** GET /api/savings/me/products: the signed-in member's account in each savings product (issue 29). */
export async function getMyProductAccounts(): Promise<MemberProductAccountView[]> {
  const { accounts } = await apiRequest<{ accounts: MemberProductAccountView[] }>('/api/savings/me/products');
  return accounts;
}

export function myProductAccountsQueryOptions() {
  // Under ['savings', 'me']: every posting that refreshes the member's savings refreshes these too.
  // A few seconds fresh, as the page's own answer (get-my-savings.ts): asked for as the address opens,
  // or carried in a page the server drew, it serves the first render instead of being asked again.
  return queryOptions({ queryKey: [...savingsKeys.mine, 'products'] as const, queryFn: getMyProductAccounts, staleTime: 5_000 });
}

export function useMyProductAccounts() {
  return useQuery(myProductAccountsQueryOptions());
}
