import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanProductView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLoanKeys } from './admin-loan-query-keys.ts';

/** Every product, retired ones included (officers see those; holders do not). */
export async function getLoanProducts(): Promise<LoanProductView[]> {
  const { products } = await apiRequest<{ products: LoanProductView[] }>('/api/loan-products');
  return products;
}

export function loanProductsQueryOptions() {
  return queryOptions({ queryKey: adminLoanKeys.products, queryFn: getLoanProducts });
}

export function useLoanProducts() {
  return useQuery(loanProductsQueryOptions());
}
