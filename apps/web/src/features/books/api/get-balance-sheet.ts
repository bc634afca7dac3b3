import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BalanceSheetView, Book, IsoDate } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksKeys } from './books-query-keys.ts';

/** Assets against liabilities and equity at the end of `asOf`. */
export function getBalanceSheet(book: Book, asOf: IsoDate, signal?: AbortSignal): Promise<BalanceSheetView> {
  return apiRequest<BalanceSheetView>(`/api/books/balance-sheet?${new URLSearchParams({ book, asOf })}`, { signal });
}

export function useBalanceSheet(book: Book, asOf: IsoDate | null) {
  return useQuery({
    queryKey: booksKeys.balanceSheet(book, asOf ?? ''),
    queryFn: ({ signal }) => getBalanceSheet(book, asOf ?? '', signal),
    enabled: asOf !== null,
    placeholderData: keepPreviousData,
  });
}
