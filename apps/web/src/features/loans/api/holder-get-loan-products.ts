import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanProductView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { holderLoanKeys } from './holder-query-keys.ts';

/** The products a holder may apply for: the server lists a holder none that is retired. */
export async function getOfferedLoanProducts(): Promise<LoanProductView[]> {
  const { products } = await apiRequest<{ products: LoanProductView[] }>('/api/loan-products');
  return products;
}

export function offeredLoanProductsQueryOptions() {
  return queryOptions({ queryKey: holderLoanKeys.offeredProducts, queryFn: getOfferedLoanProducts, staleTime: 30_000 });
}

export function useOfferedLoanProducts() {
  return useQuery(offeredLoanProductsQueryOptions());
}
