import { useQuery } from '@tanstack/react-query';
import type { SavingsHolderListItem } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksKeys } from './books-query-keys.ts';

/**
 * Each savings account's holder page address part (their staff ID, else their user id), by the
 * account's id. A journal entry names the member's savings account, while the holder's page is
 * addressed by staff ID or user id: one read of the holders (a few hundred rows), kept for five
 * minutes, serves every savings link on the page.
 */
export async function getSavingsHolderRefs(signal?: AbortSignal): Promise<Map<string, string>> {
  const { holders } = await apiRequest<{ holders: SavingsHolderListItem[] }>('/api/savings/holders', { signal });
  return new Map(holders.flatMap((holder) => (holder.accountId ? [[holder.accountId, holder.staffId ?? holder.userId] as const] : [])));
}

export function useSavingsHolderRefs(isNeeded: boolean) {
  return useQuery({
    queryKey: booksKeys.savingsHolderRefs,
    queryFn: ({ signal }) => getSavingsHolderRefs(signal),
    enabled: isNeeded,
    staleTime: 5 * 60_000,
  });
}
