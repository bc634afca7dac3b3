import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SavingsAccountDetail, SavingsPeriod } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** Staff Savings Detail: `ref` is a staff ID (STF001) or a user id; the period's totals and history. */
export function getAccountDetail(ref: string, period: SavingsPeriod): Promise<SavingsAccountDetail> {
  return apiRequest<SavingsAccountDetail>(`/api/savings/accounts/${encodeURIComponent(ref)}?period=${period}`);
}

export function accountDetailQueryOptions(ref: string, period: SavingsPeriod) {
  return queryOptions({
    queryKey: savingsKeys.account(ref, period),
    queryFn: () => getAccountDetail(ref, period),
    // Switching the period keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useAccountDetail(ref: string, period: SavingsPeriod) {
  return useQuery(accountDetailQueryOptions(ref, period));
}
