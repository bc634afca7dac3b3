import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySavings } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** The signed-in user's or staff member's own account and history, newest first. */
export function getMySavings(): Promise<MySavings> {
  return apiRequest<MySavings>('/api/savings/me');
}

export function mySavingsQueryOptions() {
  return queryOptions({ queryKey: savingsKeys.mine, queryFn: getMySavings });
}

export function useMySavings() {
  return useQuery(mySavingsQueryOptions());
}
