import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavingsProductView } from '@kobo/core';
import { apiRequest } from '../../../../lib/api-client.ts';
import { savingsProductKeys } from './savings-products-keys.ts';

/** Retires a product (no new accounts or money; its accounts stay) or restores it. */
export async function setSavingsProductRetired(input: { productId: string; isRetired: boolean }): Promise<SavingsProductView> {
  const action = input.isRetired ? 'retire' : 'restore';
  const { product } = await apiRequest<{ product: SavingsProductView }>(`/api/savings-products/${encodeURIComponent(input.productId)}/${action}`, { method: 'POST' });
  return product;
}

export function useSetSavingsProductRetired() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setSavingsProductRetired, onSettled: () => queryClient.invalidateQueries({ queryKey: savingsProductKeys.all }) });
}
