import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArrearsRow } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminLoanKeys } from './admin-loan-query-keys.ts';

/** Active loans with an overdue instalment, most days in arrears first. */
export async function getArrears(): Promise<ArrearsRow[]> {
  const { arrears } = await apiRequest<{ arrears: ArrearsRow[] }>('/api/loans/arrears');
  return arrears;
}

export function arrearsQueryOptions() {
  return queryOptions({ queryKey: adminLoanKeys.arrears, queryFn: getArrears });
}

export function useArrears() {
  return useQuery(arrearsQueryOptions());
}
