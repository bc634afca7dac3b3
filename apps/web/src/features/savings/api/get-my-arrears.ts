import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnContributionArrears } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** GET /api/payroll/arrears/mine: the contributions payroll did not remit for the member (issue 30). */
export function getMyArrears(): Promise<OwnContributionArrears> {
  return apiRequest<OwnContributionArrears>('/api/payroll/arrears/mine');
}

export function myArrearsQueryOptions() {
  // Under ['savings', 'me']: a posting that refreshes the member's savings refreshes this too.
  // A few seconds fresh, as the page's own answer (get-my-savings.ts): asked for as the address opens,
  // or carried in a page the server drew, it serves the first render instead of being asked again.
  return queryOptions({ queryKey: [...savingsKeys.mine, 'arrears'] as const, queryFn: getMyArrears, staleTime: 5_000 });
}

export function useMyArrears() {
  return useQuery(myArrearsQueryOptions());
}
