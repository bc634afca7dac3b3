import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpenseView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { expenseKeys } from './expense-query-keys.ts';

export async function getExpense(id: string): Promise<ExpenseView> {
  const { expense } = await apiRequest<{ expense: ExpenseView }>(`/api/expenses/${encodeURIComponent(id)}`);
  return expense;
}

export function expenseQueryOptions(id: string) {
  return queryOptions({ queryKey: expenseKeys.detail(id), queryFn: () => getExpense(id) });
}

export function useExpense(id: string) {
  return useQuery(expenseQueryOptions(id));
}
