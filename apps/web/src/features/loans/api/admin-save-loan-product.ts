import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoanProductInput, LoanProductView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLoanKeys } from './admin-loan-query-keys.ts';

/**
 * Creates a product (no id) or changes one. The body is the form as typed (core's schema input);
 * a change never alters a loan already made, which copied its product's terms.
 */
export async function saveLoanProduct(input: { productId: string | null; body: LoanProductInput }): Promise<LoanProductView> {
  const path = input.productId ? `/api/loan-products/${encodeURIComponent(input.productId)}` : '/api/loan-products';
  const { product } = await apiRequest<{ product: LoanProductView }>(path, { method: input.productId ? 'PUT' : 'POST', body: input.body });
  return product;
}

export function useSaveLoanProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveLoanProduct, onSettled: () => queryClient.invalidateQueries({ queryKey: adminLoanKeys.allProducts }) });
}
