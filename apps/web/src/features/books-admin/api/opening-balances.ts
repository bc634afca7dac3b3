import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Book, OpeningBalancesInput, OpeningBalancesView, PostedEntryView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksAdminKeys } from './books-admin-keys.ts';

export function getOpeningBalances(book: Book, signal?: AbortSignal): Promise<OpeningBalancesView> {
  return apiRequest<OpeningBalancesView>(`/api/books/opening?book=${book}`, { signal });
}

export function useOpeningBalances(book: Book) {
  return useQuery({ queryKey: booksAdminKeys.opening(book), queryFn: ({ signal }) => getOpeningBalances(book, signal) });
}

export function postOpeningBalances(body: OpeningBalancesInput): Promise<{ entry: PostedEntryView }> {
  return apiRequest<{ entry: PostedEntryView }>('/api/books/opening', { method: 'POST', body });
}

export function usePostOpeningBalances() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postOpeningBalances, onSuccess: () => queryClient.invalidateQueries({ queryKey: booksAdminKeys.all }) });
}
