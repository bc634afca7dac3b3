import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavingsProductView } from '@kobo/core';
import { apiRequest } from '../../../../lib/api-client.ts';
import { savingsProductKeys } from './savings-products-keys.ts';

/** GET /api/savings-products?include=retired: every product, ordinary savings first, retired ones marked. */
export async function getSavingsProducts(): Promise<SavingsProductView[]> {
  const { products } = await apiRequest<{ products: SavingsProductView[] }>('/api/savings-products?include=retired');
  return products;
}

export function useSavingsProducts() {
  return useQuery(queryOptions({ queryKey: savingsProductKeys.list, queryFn: getSavingsProducts }));
}
