import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** Naira as typed; '0' means no standing contribution. `productId`: another savings product's (issue 29); absent, ordinary savings. */
export type ContributionEntry = { userId: string; productId?: string; amount: string | number };

/** Standing monthly contributions, for one holder (their detail page) or many (the run's Prepare). */
export function saveContributions(contributions: ContributionEntry[]): Promise<{ updated: number }> {
  return apiRequest<{ updated: number }>('/api/savings/contributions', { method: 'PUT', body: { contributions } });
}

export function useSaveContributions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContributions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savingsKeys.all }),
  });
}
