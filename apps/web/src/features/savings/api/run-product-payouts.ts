import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavingsPayoutRuns } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** POST /api/savings/products/payouts: today's due pay-outs and maturities now, rather than at the next check (issue 29). */
export function runProductPayouts(): Promise<SavingsPayoutRuns> {
  return apiRequest<SavingsPayoutRuns>('/api/savings/products/payouts', { method: 'POST' });
}

export function useRunProductPayouts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runProductPayouts, onSettled: () => queryClient.invalidateQueries({ queryKey: savingsKeys.all }) });
}
