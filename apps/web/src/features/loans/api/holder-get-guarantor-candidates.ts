import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GuarantorCandidate } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { holderLoanKeys } from './holder-query-keys.ts';

/**
 * Colleagues who may guarantee: active savings holders other than the borrower, by name or staff
 * ID (at most 20). The borrower is the caller, or the holder an officer applies for (`borrowerId`).
 */
export async function getGuarantorCandidates(search: string, borrowerId?: string, signal?: AbortSignal): Promise<GuarantorCandidate[]> {
  const params = new URLSearchParams();
  if (search) params.set('q', search);
  if (borrowerId) params.set('userId', borrowerId);
  const query = params.size > 0 ? `?${params}` : '';
  const { candidates } = await apiRequest<{ candidates: GuarantorCandidate[] }>(`/api/loans/guarantor-candidates${query}`, { signal });
  return candidates;
}

export function guarantorCandidatesQueryOptions(search: string, borrowerId?: string) {
  return queryOptions({
    queryKey: holderLoanKeys.guarantorCandidates(search, borrowerId),
    queryFn: ({ signal }) => getGuarantorCandidates(search, borrowerId, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useGuarantorCandidates(search: string, borrowerId?: string) {
  return useQuery(guarantorCandidatesQueryOptions(search, borrowerId));
}
