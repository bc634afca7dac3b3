import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyGuarantorClaims } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** What the signed-in holder owes the guarantors who paid for their loan, and what borrowers owe them (issue 33). */
export function getMyGuarantorClaims(): Promise<MyGuarantorClaims> {
  return apiRequest<MyGuarantorClaims>('/api/account/guarantor-claims');
}

export function useMyGuarantorClaims() {
  return useQuery(queryOptions({ queryKey: ['loans', 'mine', 'guarantor-claims'] as const, queryFn: getMyGuarantorClaims }));
}
