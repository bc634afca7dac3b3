import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryView } from '@kobo/core';
import { apiRequest } from './api-client.ts';
import { EXPENSE_QUERY_ROOTS } from './expense-query-keys.ts';

/**
 * The organisation's one category list (DECISIONS 3), by name. It is short (tens of items), so it
 * is read whole once and shared: the expense filter and form pick from it, and Settings searches and
 * sorts it in the browser, which also lets the add form spot a duplicate before asking the server.
 */
export async function getCategories(): Promise<CategoryView[]> {
  const { categories } = await apiRequest<{ categories: CategoryView[] }>('/api/categories?sort=name');
  return categories;
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: EXPENSE_QUERY_ROOTS.categories, queryFn: getCategories, staleTime: 30_000 });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
