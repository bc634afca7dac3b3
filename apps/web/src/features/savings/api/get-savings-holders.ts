import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SavingsHolderListItem } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** Everyone who is not an admin, by name; `search` matches name, email, role or staff ID (admin only). */
export async function getSavingsHolders(search: string): Promise<SavingsHolderListItem[]> {
  const query = search ? `?${new URLSearchParams({ search })}` : '';
  const { holders } = await apiRequest<{ holders: SavingsHolderListItem[] }>(`/api/savings/holders${query}`);
  return holders;
}

export function savingsHoldersQueryOptions(search: string) {
  return queryOptions({
    queryKey: savingsKeys.holders(search),
    queryFn: () => getSavingsHolders(search),
    // While a new search runs, the last list stays on screen instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useSavingsHolders(search = '') {
  return useQuery(savingsHoldersQueryOptions(search));
}
