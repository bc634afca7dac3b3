import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BudgetView } from '@kobo/core';
import { apiRequest } from './api-client.ts';
import { EXPENSE_QUERY_ROOTS } from './expense-query-keys.ts';
import { FRESH_ON_ARRIVAL_MS } from './fresh-on-arrival.ts';

/**
 * Every category budget with its period's spending (GET /api/budgets), read by the dashboard's
 * Budgets card and the Budgets settings section. Kept under the dashboard's root so every expense
 * write and live change that refreshes the dashboard refreshes the budgets too.
 */
export const BUDGETS_QUERY_KEY = [...EXPENSE_QUERY_ROOTS.dashboard, 'budgets'] as const;

export async function getBudgets(signal?: AbortSignal): Promise<BudgetView[]> {
  const { budgets } = await apiRequest<{ budgets: BudgetView[] }>('/api/budgets', { signal });
  return budgets;
}

export function budgetsQueryOptions() {
  return queryOptions({ queryKey: BUDGETS_QUERY_KEY, queryFn: ({ signal }) => getBudgets(signal), staleTime: FRESH_ON_ARRIVAL_MS });
}

export function useBudgets(isEnabled = true) {
  return useQuery({ ...budgetsQueryOptions(), enabled: isEnabled });
}
