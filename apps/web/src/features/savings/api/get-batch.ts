import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BatchDetail } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** One batch and the postings it made. */
export function getBatch(id: string): Promise<BatchDetail> {
  return apiRequest<BatchDetail>(`/api/savings/batches/${encodeURIComponent(id)}`);
}

export function batchQueryOptions(id: string) {
  return queryOptions({ queryKey: savingsKeys.batch(id), queryFn: () => getBatch(id) });
}

export function useBatch(id: string) {
  return useQuery(batchQueryOptions(id));
}
