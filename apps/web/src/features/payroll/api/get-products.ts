import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavingsProductView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** The scheme's live products: where a held over-deduction may be applied. */
export async function getProducts(): Promise<SavingsProductView[]> {
  return (await apiRequest<{ products: SavingsProductView[] }>('/api/savings-products')).products;
}

export function useProducts(isWanted: boolean) {
  return useQuery(queryOptions({ queryKey: ['payroll', 'products'], queryFn: getProducts, enabled: isWanted }));
}
