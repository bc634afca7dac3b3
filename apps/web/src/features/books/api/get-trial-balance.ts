import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Book, IsoDate, TrialBalanceView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksKeys } from './books-query-keys.ts';

/** Every account of the book with a balance at the end of `asOf`, in debit or credit. */
export function getTrialBalance(book: Book, asOf: IsoDate, signal?: AbortSignal): Promise<TrialBalanceView> {
  return apiRequest<TrialBalanceView>(`/api/books/trial-balance?${new URLSearchParams({ book, asOf })}`, { signal });
}

export function useTrialBalance(book: Book, asOf: IsoDate | null) {
  return useQuery({
    queryKey: booksKeys.trialBalance(book, asOf ?? ''),
    queryFn: ({ signal }) => getTrialBalance(book, asOf ?? '', signal),
    enabled: asOf !== null,
    // Another day or book keeps the last figures on screen (marked as loading) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
