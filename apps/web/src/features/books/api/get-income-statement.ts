import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Book, DateRange, IncomeStatementView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { booksKeys } from './books-query-keys.ts';

/** Income and expenditure for the whole days `from`..`to`. */
export function getIncomeStatement(book: Book, range: DateRange, signal?: AbortSignal): Promise<IncomeStatementView> {
  return apiRequest<IncomeStatementView>(`/api/books/income-statement?${new URLSearchParams({ book, ...range })}`, { signal });
}

export function useIncomeStatement(book: Book, range: DateRange | null) {
  return useQuery({
    queryKey: booksKeys.incomeStatement(book, range?.from ?? '', range?.to ?? ''),
    queryFn: ({ signal }) => getIncomeStatement(book, range ?? { from: '', to: '' }, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
