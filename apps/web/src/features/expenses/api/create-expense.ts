import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseInput, ExpenseView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { AFTER_EXPENSE_CHANGE } from '../../../lib/expense-query-keys.ts';

/** The form as typed: core's expenseInputSchema parses it on the server, as it did in the browser. */
export function createExpense(input: ExpenseInput): Promise<{ expense: ExpenseView; message: string }> {
  return apiRequest('/api/expenses', { method: 'POST', body: input });
}

export function useCreateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpense,
    onSuccess: () => Promise.all(AFTER_EXPENSE_CHANGE.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
