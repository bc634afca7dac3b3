import type { ExpenseSort, ExpenseTimeFilter, SortDirection } from '@kobo/core';
import { EXPENSE_QUERY_ROOTS } from '../../../lib/expense-query-keys.ts';

/** What the list shows: item, time, search and order (docs/decisions/032-find-and-scan.md). */
export type ExpenseFilters = { category: string; time: ExpenseTimeFilter; q: string; sort: ExpenseSort; dir: SortDirection };

/** Every expense answer sits under ['expenses'], so a write refreshes lists and details at once. */
export const expenseKeys = {
  all: EXPENSE_QUERY_ROOTS.expenses,
  list: (filters: ExpenseFilters) => [...EXPENSE_QUERY_ROOTS.expenses, 'list', filters] as const,
  detail: (id: string) => [...EXPENSE_QUERY_ROOTS.expenses, 'detail', id] as const,
};
