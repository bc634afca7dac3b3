import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { AFTER_EXPENSE_CHANGE } from '../../../lib/expense-query-keys.ts';

/** Admin only: the server answers anyone else 'Only administrators can delete expenses'. */
export function deleteExpense(id: string): Promise<{ message: string }> {
  return apiRequest(`/api/expenses/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpense,
    onSuccess: () => Promise.all(AFTER_EXPENSE_CHANGE.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
