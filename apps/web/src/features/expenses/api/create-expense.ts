import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BudgetWarning, ExpenseInput, ExpenseView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { AFTER_EXPENSE_CHANGE } from '../../../lib/expense-query-keys.ts';
import { showBudgetWarning } from '../../../lib/budget-warning.ts';

/** The form as typed: core's expenseInputSchema parses it on the server, as it did in the browser. */
export function createExpense(input: ExpenseInput): Promise<{ expense: ExpenseView; budget?: BudgetWarning | null; message: string }> {
  return apiRequest('/api/expenses', { method: 'POST', body: input });
}

export function useCreateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpense,
    onSuccess: (saved) => {
      // Issue 14: this expense took its item past 80% or 100% of its budget; the notice stays until dismissed.
      showBudgetWarning(saved.budget);
      return Promise.all(AFTER_EXPENSE_CHANGE.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
