import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { YearEndAppropriation, YearEndRunInput } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { yearEndKeys } from './year-end-query-keys.ts';

/**
 * POST /api/year-end/appropriation: the proposal worked out without saving (amounts at the typed
 * rates, carried forward and each problem beside its field). Keyed by the proposal, so the answer
 * follows the form as it is typed; the last answer stays on screen while the next is asked.
 */
export function useWorkedOut(input: YearEndRunInput | null) {
  return useQuery({
    queryKey: [...yearEndKeys.all, 'appropriation', input] as const,
    queryFn: ({ signal }) => apiRequest<YearEndAppropriation>('/api/year-end/appropriation', { method: 'POST', body: input, signal }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    // A refusal here is the input's, shown beside the form; asking again would not change it.
    retry: false,
  });
}
