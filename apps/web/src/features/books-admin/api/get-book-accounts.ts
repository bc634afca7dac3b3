import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Book, LedgerAccountView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksAdminKeys } from './books-admin-keys.ts';

export function getBookAccounts(book: Book, signal?: AbortSignal): Promise<{ accounts: LedgerAccountView[] }> {
  return apiRequest<{ accounts: LedgerAccountView[] }>(`/api/books/accounts?book=${book}`, { signal });
}

/** The accounts a line may name: live, and not a control account (members' savings and loans move on their own screens). */
export function useLineAccounts(book: Book) {
  return useQuery(
    queryOptions({
      queryKey: booksAdminKeys.accounts(book),
      queryFn: ({ signal }) => getBookAccounts(book, signal),
      select: (answer) => answer.accounts.filter((account) => !account.retired && !account.subledger),
    }),
  );
}
