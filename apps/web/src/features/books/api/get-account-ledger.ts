import { useInfiniteQuery } from '@tanstack/react-query';
import type { DateRange, GeneralLedgerView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksKeys } from './books-query-keys.ts';

/** One page of an account's lines in `from`..`to`, oldest first, each with the balance after it. */
export function getAccountLedger(accountId: string, range: DateRange, cursor: string | null, signal?: AbortSignal): Promise<GeneralLedgerView> {
  const query = new URLSearchParams(range);
  if (cursor) query.set('cursor', cursor);
  return apiRequest<GeneralLedgerView>(`/api/books/accounts/${encodeURIComponent(accountId)}/ledger?${query}`, { signal });
}

export function useAccountLedger(accountId: string, range: DateRange | null) {
  return useInfiniteQuery({
    queryKey: booksKeys.accountLedger(accountId, range?.from ?? '', range?.to ?? ''),
    queryFn: ({ pageParam, signal }) => getAccountLedger(accountId, range ?? { from: '', to: '' }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: range !== null,
  });
}
