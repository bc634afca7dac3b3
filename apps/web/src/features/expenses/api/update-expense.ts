import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseInput, ExpenseView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { AFTER_EXPENSE_CHANGE } from '../../../lib/expense-query-keys.ts';

/** PUT with the whole form (DECISIONS 2): the server lets users edit their own, admins and managers any. */
export function updateExpense({ id, input }: { id: string; input: ExpenseInput }): Promise<{ expense: ExpenseView; message: string }> {
  return apiRequest(`/api/expenses/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExpense,
    onSuccess: () => Promise.all(AFTER_EXPENSE_CHANGE.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
