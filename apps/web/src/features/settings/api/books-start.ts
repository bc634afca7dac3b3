import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BooksStart, BooksStartInput } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

const BOOKS_START_KEY = ['books-start'] as const;

/** Issue 26: the day before which no posting may be valued, and whether an admin chose it. */
export function getBooksStart(): Promise<BooksStart> {
  return apiRequest<BooksStart>('/api/savings/books-start');
}

export function saveBooksStart(input: BooksStartInput): Promise<BooksStart> {
  return apiRequest<BooksStart>('/api/savings/books-start', { method: 'PUT', body: input });
}

export function useBooksStart() {
  return useQuery(queryOptions({ queryKey: BOOKS_START_KEY, queryFn: getBooksStart }));
}

export function useSaveBooksStart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBooksStart,
    onSuccess: (saved) => queryClient.setQueryData(BOOKS_START_KEY, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKS_START_KEY }),
  });
}
