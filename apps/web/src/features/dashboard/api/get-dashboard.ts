import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardPeriod, DashboardView } from '@kobo/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { EXPENSE_QUERY_ROOTS } from '../../../lib/expense-query-keys.ts';

/** The period's total, top 3, distribution, 5 most recent and spending series, all summed by the server. */
export function getDashboard(period: DashboardPeriod, signal?: AbortSignal): Promise<DashboardView> {
  return apiRequest<DashboardView>(`/api/dashboard?period=${period}`, { signal });
}

export function dashboardQueryOptions(period: DashboardPeriod) {
  return queryOptions({
    queryKey: [...EXPENSE_QUERY_ROOTS.dashboard, period],
    queryFn: ({ signal }) => getDashboard(period, signal),
    // Switching the period keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useDashboard(period: DashboardPeriod) {
  return useQuery(dashboardQueryOptions(period));
}
