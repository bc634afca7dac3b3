import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavingsProductInput, SavingsProductView } from '@kobo/core';
import { apiRequest } from '../../../../lib/api-client.ts';
import { BOOKS_ROOT, savingsProductKeys } from './savings-products-keys.ts';

/** Creates a product (no id) or changes one; the body is the form as typed (core's schema input). */
export async function saveSavingsProduct(input: { productId: string | null; body: SavingsProductInput }): Promise<SavingsProductView> {
  const path = input.productId ? `/api/savings-products/${encodeURIComponent(input.productId)}` : '/api/savings-products';
  const { product } = await apiRequest<{ product: SavingsProductView }>(path, { method: input.productId ? 'PUT' : 'POST', body: input.body });
  return product;
}

export function useSaveSavingsProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSavingsProduct,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: savingsProductKeys.all }), queryClient.invalidateQueries({ queryKey: BOOKS_ROOT })]),
  });
}
