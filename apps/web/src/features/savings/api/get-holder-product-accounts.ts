import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberProductAccountView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** GET /api/savings/accounts/:ref/products: a holder's account in each savings product, for an officer (issue 29). */
export async function getHolderProductAccounts(ref: string): Promise<MemberProductAccountView[]> {
  const { accounts } = await apiRequest<{ accounts: MemberProductAccountView[] }>(`/api/savings/accounts/${encodeURIComponent(ref)}/products`);
  return accounts;
}

export function useHolderProductAccounts(ref: string) {
  return useQuery(queryOptions({ queryKey: [...savingsKeys.all, 'account', ref, 'products'] as const, queryFn: () => getHolderProductAccounts(ref) }));
}
