import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SavingsHolderListItem } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** Savings holders by name, email or staff ID (officers only), as the savings screens list them. */
export async function getSavingsHolders(search: string, signal?: AbortSignal): Promise<SavingsHolderListItem[]> {
  const query = search ? `?${new URLSearchParams({ search })}` : '';
  const { holders } = await apiRequest<{ holders: SavingsHolderListItem[] }>(`/api/savings/holders${query}`, { signal });
  return holders;
}

/** Only an active member with a savings account can borrow against it. */
function canApply(holder: SavingsHolderListItem): boolean {
  return holder.active && holder.accountId !== null;
}

/**
 * The members an officer may apply for. The answer is cached under the savings screens' own key
 * (the same endpoint, the same shape), so a posting that moves a balance refreshes it too; the
 * filter is applied on reading.
 */
export function loanApplicantsQueryOptions(search: string) {
  return queryOptions({
    queryKey: savingsKeys.holders(search),
    queryFn: ({ signal }) => getSavingsHolders(search, signal),
    select: (holders) => holders.filter(canApply),
    placeholderData: keepPreviousData,
  });
}

export function useLoanApplicants(search: string) {
  return useQuery(loanApplicantsQueryOptions(search));
}
