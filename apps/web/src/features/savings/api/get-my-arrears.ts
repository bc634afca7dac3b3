import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnContributionArrears } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';
import { FRESH_ON_ARRIVAL_MS } from '../../../lib/fresh-on-arrival.ts';

/** GET /api/payroll/arrears/mine: the contributions payroll did not remit for the member (issue 30). */
export function getMyArrears(): Promise<OwnContributionArrears> {
  return apiRequest<OwnContributionArrears>('/api/payroll/arrears/mine');
}

export function myArrearsQueryOptions() {
  // Under ['savings', 'me']: a posting that refreshes the member's savings refreshes this too.
  return queryOptions({ queryKey: [...savingsKeys.mine, 'arrears'] as const, queryFn: getMyArrears, staleTime: FRESH_ON_ARRIVAL_MS });
}

export function useMyArrears() {
  return useQuery(myArrearsQueryOptions());
}
