import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryView, CreateCategoryInput } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { EXPENSE_QUERY_ROOTS } from '../../../lib/expense-query-keys.ts';

/** The server's unique index decides duplicates: 409 'An item with this name already exists.' */
export async function createCategory(input: CreateCategoryInput): Promise<CategoryView> {
  const { category } = await apiRequest<{ category: CategoryView }>('/api/categories', { method: 'POST', body: input });
  return category;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EXPENSE_QUERY_ROOTS.categories }),
  });
}
