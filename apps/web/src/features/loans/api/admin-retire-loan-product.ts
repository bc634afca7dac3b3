import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoanProductView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLoanKeys } from './admin-loan-query-keys.ts';

/** Retires a product (hidden from holders, no new applications) or restores it; never deletes. */
export async function setLoanProductRetired(input: { productId: string; isRetired: boolean }): Promise<LoanProductView> {
  const action = input.isRetired ? 'retire' : 'restore';
  const { product } = await apiRequest<{ product: LoanProductView }>(`/api/loan-products/${encodeURIComponent(input.productId)}/${action}`, {
    method: 'POST',
  });
  return product;
}

export function useSetLoanProductRetired() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLoanProductRetired,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminLoanKeys.allProducts }),
  });
}
