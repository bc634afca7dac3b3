import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { savingsProductKeys } from './savings-products-keys.ts';

/** Deletes a product nobody holds; the server refuses one a member holds (it is retired instead). */
export function deleteSavingsProduct(productId: string): Promise<void> {
  return apiRequest<void>(`/api/savings-products/${encodeURIComponent(productId)}`, { method: 'DELETE' });
}

export function useDeleteSavingsProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSavingsProduct, onSettled: () => queryClient.invalidateQueries({ queryKey: savingsProductKeys.all }) });
}
