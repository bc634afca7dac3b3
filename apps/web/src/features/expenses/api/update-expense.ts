import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BudgetWarning, ExpenseInput, ExpenseView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { AFTER_EXPENSE_CHANGE } from '../../../lib/expense-query-keys.ts';
import { showBudgetWarning } from '../../../lib/budget-warning.ts';

/** PUT with the whole form (DECISIONS 2): the server lets users edit their own, admins and managers any. */
export function updateExpense({ id, input }: { id: string; input: ExpenseInput }): Promise<{ expense: ExpenseView; budget?: BudgetWarning | null; message: string }> {
  return apiRequest(`/api/expenses/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExpense,
    onSuccess: (saved) => {
      // Issue 14: this expense took its item past 80% or 100% of its budget; the notice stays until dismissed.
      showBudgetWarning(saved.budget);
      return Promise.all(AFTER_EXPENSE_CHANGE.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
