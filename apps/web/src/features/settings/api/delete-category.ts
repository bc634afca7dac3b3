import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { EXPENSE_QUERY_ROOTS } from '../../../lib/expense-query-keys.ts';

/** Refused with 409 'Cannot delete item because it has expenses attached.' while any expense uses it. */
export function deleteCategory(id: string): Promise<void> {
  return apiRequest<void>(`/api/categories/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    // Settled, not only on success: a refusal means the list (its "in use" marks) was stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: EXPENSE_QUERY_ROOTS.categories }),
  });
}
