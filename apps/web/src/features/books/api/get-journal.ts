import { useInfiniteQuery } from '@tanstack/react-query';
import type { Book, DateRange, JournalPage } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksKeys } from './books-query-keys.ts';

/** One page of the book's journal entries in `from`..`to`, newest value date first, with their lines. */
export function getJournal(book: Book, range: DateRange, cursor: string | null, signal?: AbortSignal): Promise<JournalPage> {
  const query = new URLSearchParams({ book, ...range });
  if (cursor) query.set('cursor', cursor);
  return apiRequest<JournalPage>(`/api/books/journal?${query}`, { signal });
}

export function useJournal(book: Book, range: DateRange | null) {
  return useInfiniteQuery({
    queryKey: booksKeys.journal(book, range?.from ?? '', range?.to ?? ''),
    queryFn: ({ pageParam, signal }) => getJournal(book, range ?? { from: '', to: '' }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: range !== null,
  });
}
