import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BudgetView } from '@kobo/core';
import { apiRequest } from './api-client.ts';
import { EXPENSE_QUERY_ROOTS } from './expense-query-keys.ts';

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
  // A few seconds fresh: carried in a dashboard the server drew (prefetchDashboard), it serves the
  // Budgets card's first render instead of being asked again as the page is taken over.
  return queryOptions({ queryKey: BUDGETS_QUERY_KEY, queryFn: ({ signal }) => getBudgets(signal), staleTime: 5_000 });
}

export function useBudgets(isEnabled = true) {
  return useQuery({ ...budgetsQueryOptions(), enabled: isEnabled });
}
