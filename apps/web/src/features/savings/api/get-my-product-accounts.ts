import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberProductAccountView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';
import { FRESH_ON_ARRIVAL_MS } from '../../../lib/fresh-on-arrival.ts';

/** GET /api/savings/me/products: the signed-in member's account in each savings product (issue 29). */
export async function getMyProductAccounts(): Promise<MemberProductAccountView[]> {
  const { accounts } = await apiRequest<{ accounts: MemberProductAccountView[] }>('/api/savings/me/products');
  return accounts;
}

export function myProductAccountsQueryOptions() {
  // Under ['savings', 'me']: every posting that refreshes the member's savings refreshes these too.
  return queryOptions({ queryKey: [...savingsKeys.mine, 'products'] as const, queryFn: getMyProductAccounts, staleTime: FRESH_ON_ARRIVAL_MS });
}

export function useMyProductAccounts() {
  return useQuery(myProductAccountsQueryOptions());
}
