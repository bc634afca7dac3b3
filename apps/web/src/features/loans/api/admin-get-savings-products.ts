import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavingsProductView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The live savings products, for a loan product's "Savings that secure the loan" (issue 29). Under
 * the 'savings-products' prefix, so a product saved on Settings refreshes this list too.
 */
export async function getSecuringSavingsProducts(): Promise<SavingsProductView[]> {
  const { products } = await apiRequest<{ products: SavingsProductView[] }>('/api/savings-products');
  return products;
}

export function useSecuringSavingsProducts() {
  return useQuery(queryOptions({ queryKey: ['savings-products', 'loan-security'] as const, queryFn: getSecuringSavingsProducts }));
}
