import type { ExpenseTimeFilter } from '@kobo/core';
import { EXPENSE_QUERY_ROOTS } from '../../../lib/expense-query-keys.ts';

export type ExpenseFilters = { category: string; time: ExpenseTimeFilter };

/** Every expense answer sits under ['expenses'], so a write refreshes lists and details at once. */
export const expenseKeys = {
  all: EXPENSE_QUERY_ROOTS.expenses,
  list: (filters: ExpenseFilters) => [...EXPENSE_QUERY_ROOTS.expenses, 'list', filters] as const,
  detail: (id: string) => [...EXPENSE_QUERY_ROOTS.expenses, 'detail', id] as const,
};
