import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GuarantorCandidate } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { holderLoanKeys } from './holder-query-keys.ts';

/** Colleagues who may guarantee: active savings holders other than the caller, by name or staff ID (at most 20). */
export async function getGuarantorCandidates(search: string, signal?: AbortSignal): Promise<GuarantorCandidate[]> {
  const query = search ? `?${new URLSearchParams({ q: search })}` : '';
  const { candidates } = await apiRequest<{ candidates: GuarantorCandidate[] }>(`/api/loans/guarantor-candidates${query}`, { signal });
  return candidates;
}

export function guarantorCandidatesQueryOptions(search: string) {
  return queryOptions({
    queryKey: holderLoanKeys.guarantorCandidates(search),
    queryFn: ({ signal }) => getGuarantorCandidates(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useGuarantorCandidates(search: string) {
  return useQuery(guarantorCandidatesQueryOptions(search));
}
