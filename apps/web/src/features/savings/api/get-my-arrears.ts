import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnContributionArrears } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** GET /api/payroll/arrears/mine: the contributions payroll did not remit for the member (issue 30). */
export function getMyArrears(): Promise<OwnContributionArrears> {
  return apiRequest<OwnContributionArrears>('/api/payroll/arrears/mine');
}

export function useMyArrears() {
  // Under ['savings', 'me']: a posting that refreshes the member's savings refreshes this too.
  return useQuery(queryOptions({ queryKey: [...savingsKeys.mine, 'arrears'] as const, queryFn: getMyArrears }));
}
