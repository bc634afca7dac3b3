import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { ExpensePage } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { expenseKeys, type ExpenseFilters } from './expense-query-keys.ts';

/** One page (newest first) of the filtered list, with the whole filtered set's total and count. */
export function getExpenses(filters: ExpenseFilters, cursor: string | null, signal?: AbortSignal): Promise<ExpensePage> {
  const query = expenseViewQuery(filters);
  if (cursor) query.set('cursor', cursor);
  return apiRequest<ExpensePage>(`/api/expenses?${query}`, { signal });
}

/** The list's filters as the API's query (the export takes the same, so it writes what is shown). */
export function expenseViewQuery(filters: ExpenseFilters): URLSearchParams {
  const query = new URLSearchParams({ category: filters.category, time: filters.time, sort: filters.sort, dir: filters.dir });
  if (filters.q) query.set('q', filters.q);
  return query;
}

/**
 * The list is read a page at a time (keyset-paged on the server, 50 a page): a year of an
 * organisation's expenses never travels at once, and the total comes with the first page.
 */
export function expensesQueryOptions(filters: ExpenseFilters) {
  return infiniteQueryOptions({
    queryKey: expenseKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getExpenses(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // A new filter keeps the last answer on screen (dimmed) until its own arrives.
    placeholderData: keepPreviousData,
  });
}

export function useExpenses(filters: ExpenseFilters) {
  return useInfiniteQuery(expensesQueryOptions(filters));
}
