import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PayrollMonth, RunPreparation } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { savingsKeys } from '../../../lib/savings-query-keys.ts';

/** The Prepare step: the month's default value date and description, and every active holder. */
export function getRunPreparation(month: PayrollMonth): Promise<RunPreparation> {
  return apiRequest<RunPreparation>(`/api/savings/runs/prepare?${new URLSearchParams({ month })}`);
}

/** `month` is null until the organisation's today is known (the default month is its month). */
export function runPreparationQueryOptions(month: PayrollMonth | null) {
  return queryOptions({
    queryKey: savingsKeys.runPreparation(month ?? ''),
    queryFn: () => getRunPreparation(month ?? ''),
    enabled: month !== null,
    // Another month keeps the holders on screen while its defaults load.
    placeholderData: keepPreviousData,
  });
}

export function useRunPreparation(month: PayrollMonth | null) {
  return useQuery(runPreparationQueryOptions(month));
}
