import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BelowShareMinimum } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** GET /api/savings/products/below-minimum: the members holding less than a share minimum (issue 29). */
export function getBelowShareMinimum(): Promise<BelowShareMinimum> {
  return apiRequest<BelowShareMinimum>('/api/savings/products/below-minimum');
}

export function useBelowShareMinimum() {
  return useQuery(queryOptions({ queryKey: [...savingsKeys.all, 'products', 'below-minimum'] as const, queryFn: getBelowShareMinimum }));
}
