import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyLoans } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { holderLoanKeys } from './holder-query-keys.ts';

/** The signed-in holder's own loans, and the guarantees colleagues have asked of them, newest first. */
export function getMyLoans(): Promise<MyLoans> {
  return apiRequest<MyLoans>('/api/loans/mine');
}

export function myLoansQueryOptions() {
  return queryOptions({ queryKey: holderLoanKeys.mine, queryFn: getMyLoans });
}

export function useMyLoans() {
  return useQuery(myLoansQueryOptions());
}
