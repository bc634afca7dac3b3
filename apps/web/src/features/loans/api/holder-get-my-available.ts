import { useQuery } from '@tanstack/react-query';
import type { Kobo, MySavings } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';
import { FRESH_ON_ARRIVAL_MS } from '../../../lib/fresh-on-arrival.ts';

/**
 * What the signed-in holder may take from their savings now (balance − held), for a guarantee
 * request to say what accepting would leave (issue 34). The savings page that shows the request has
 * already asked GET /api/savings/me under the same key, so this reads that answer rather than
 * asking again; features do not import each other, hence the key from lib and not savings' hook.
 */
export function useMyAvailableSavings() {
  return useQuery({
    queryKey: savingsKeys.mine,
    queryFn: () => apiRequest<MySavings>('/api/savings/me'),
    staleTime: FRESH_ON_ARRIVAL_MS,
    select: (answer): Kobo => answer.account.availableKobo,
  });
}
