import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SavingsHolderListItem } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/**
 * Savings holders by name, email or staff ID (officers only), as the loans screens search them:
 * cached under the savings screens' own key (same endpoint, same shape); only active members with
 * an account are offered.
 */
export function useHolders(search: string) {
  return useQuery({
    queryKey: savingsKeys.holders(search),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ holders: SavingsHolderListItem[] }>(`/api/savings/holders${search ? `?${new URLSearchParams({ search })}` : ''}`, { signal })).holders,
    select: (holders) => holders.filter((holder) => holder.active && holder.accountId !== null),
    placeholderData: keepPreviousData,
  });
}
