import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { can, type DashboardPeriod, type DashboardView } from '@kobo/core';
import { sessionQueryOptions } from '../../../lib/auth/session.ts';
import { budgetsQueryOptions } from '../../../lib/budgets-query.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { EXPENSE_QUERY_ROOTS } from '../../../lib/expense-query-keys.ts';
import { toDashboardPeriod } from '../components/dashboard-labels.ts';
import { FRESH_ON_ARRIVAL_MS } from '../../../lib/fresh-on-arrival.ts';

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
    staleTime: FRESH_ON_ARRIVAL_MS,
  });
}

export function useDashboard(period: DashboardPeriod) {
  return useQuery(dashboardQueryOptions(period));
}

/**
 * Asked for as the address opens, alongside the page's code (app/preload-route.ts): the figures,
 * and the Budgets card's answer for those who see it once who is signed in is known (always, on
 * the server), so that a page the server draws holds the whole first screen and the browser taking
 * it over has nothing left to ask and draw (issue 34).
 */
export function prefetchDashboard(client: QueryClient, params: URLSearchParams): void {
  void client.prefetchQuery(dashboardQueryOptions(toDashboardPeriod(params.get('period'))));
  if (can(client.getQueryData(sessionQueryOptions().queryKey)?.role, 'manage_budgets')) void client.prefetchQuery(budgetsQueryOptions());
}
