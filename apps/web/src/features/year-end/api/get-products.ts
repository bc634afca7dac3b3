import { useQuery } from '@tanstack/react-query';
import type { SavingsProductView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { yearEndKeys } from './year-end-query-keys.ts';

/** The savings products that may pay interest at the year end: every live one but shares (which earn the dividend). */
export function useInterestProducts() {
  return useQuery({
    queryKey: yearEndKeys.products,
    queryFn: async ({ signal }) => (await apiRequest<{ products: SavingsProductView[] }>('/api/savings-products', { signal })).products,
    select: (products) => products.filter((product) => product.kind !== 'shares'),
  });
}
