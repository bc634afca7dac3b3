import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavingsProductTotals } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** GET /api/savings/products/totals: members holding each savings product and their total (issue 29). */
export function getProductTotals(): Promise<SavingsProductTotals> {
  return apiRequest<SavingsProductTotals>('/api/savings/products/totals');
}

export function useProductTotals() {
  return useQuery(queryOptions({ queryKey: [...savingsKeys.all, 'products', 'totals'] as const, queryFn: getProductTotals }));
}
