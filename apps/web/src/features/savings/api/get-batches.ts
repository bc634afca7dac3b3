import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BatchView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** Every posted batch, newest first. */
export async function getBatches(): Promise<BatchView[]> {
  const { batches } = await apiRequest<{ batches: BatchView[] }>('/api/savings/batches');
  return batches;
}

export function batchesQueryOptions() {
  return queryOptions({ queryKey: savingsKeys.batches, queryFn: getBatches });
}

export function useBatches() {
  return useQuery(batchesQueryOptions());
}
