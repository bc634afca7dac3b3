import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Book, CreateLedgerAccountInput, LedgerAccountView, UpdateLedgerAccountInput } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** Every key starts with 'books', as the Books page's do, so a change to the chart refreshes its reports too. */
const BOOKS_ROOT = ['books'] as const;
export const chartKey = (book: Book) => ['books', 'accounts', book] as const;

/** GET /api/books/accounts?book=: one book's chart by code, retired accounts flagged. */
export function getLedgerAccounts(book: Book): Promise<{ accounts: LedgerAccountView[] }> {
  return apiRequest(`/api/books/accounts?book=${book}`);
}

export function useLedgerAccounts(book: Book) {
  return useQuery(queryOptions({ queryKey: chartKey(book), queryFn: () => getLedgerAccounts(book) }));
}

export function useCreateLedgerAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateLedgerAccountInput) =>
      (await apiRequest<{ account: LedgerAccountView }>('/api/books/accounts', { method: 'POST', body: input })).account,
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKS_ROOT }),
  });
}

export function useUpdateLedgerAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: UpdateLedgerAccountInput }) =>
      (await apiRequest<{ account: LedgerAccountView }>(`/api/books/accounts/${encodeURIComponent(id)}`, { method: 'PATCH', body: input })).account,
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKS_ROOT }),
  });
}

export function useDeleteLedgerAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/books/accounts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKS_ROOT }),
  });
}
