import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BudgetInput, BudgetView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { BUDGETS_QUERY_KEY } from '../../../lib/budgets-query.ts';
import { EXPENSE_QUERY_ROOTS } from '../../../lib/expense-query-keys.ts';

/** Sets or replaces an item's one budget; the answer carries it with this period's spending. */
export async function setBudget({ categoryId, input }: { categoryId: string; input: BudgetInput }): Promise<BudgetView> {
  const { budget } = await apiRequest<{ budget: BudgetView }>(`/api/budgets/${encodeURIComponent(categoryId)}`, { method: 'PUT', body: input });
  return budget;
}

export function removeBudget(categoryId: string): Promise<{ message: string }> {
  return apiRequest(`/api/budgets/${encodeURIComponent(categoryId)}`, { method: 'DELETE' });
}

/** A budget changes the dashboard's card and the report's budget column. */
function useInvalidateBudgets() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([BUDGETS_QUERY_KEY, EXPENSE_QUERY_ROOTS.reports].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSetBudget() {
  const invalidate = useInvalidateBudgets();
  return useMutation({ mutationFn: setBudget, onSuccess: invalidate });
}

export function useRemoveBudget() {
  const invalidate = useInvalidateBudgets();
  return useMutation({ mutationFn: removeBudget, onSuccess: invalidate });
}
