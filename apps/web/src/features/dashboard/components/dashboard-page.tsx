import { Suspense, lazy, useEffect } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Center, Group, Loader, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import { MESSAGES, type DashboardPeriod } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageLoading } from '../../../components/full-screen-loading.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { EXPENSE_QUERY_ROOTS } from '../../../lib/expense-query-keys.ts';
import { useLiveQueries } from '../../../lib/live-changes.ts';
import { dashboardQueryOptions, useDashboard } from '../api/get-dashboard.ts';
import { DashboardCard } from './dashboard-card.tsx';
import { BudgetsCard } from './budgets-card.tsx';
import { ItemDistributionCard, RecentExpensesCard, TopCategoriesCard, TotalExpensesCard } from './dashboard-cards.tsx';
import { PERIOD_LABELS, PERIOD_OPTIONS, toDashboardPeriod } from './dashboard-labels.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { BusyIndicator } from '../../../components/busy-indicator.tsx';

// recharts is most of the dashboard's weight: its own chunk, asked for as the page opens (in
// parallel with the figures) rather than after they arrive.
const loadChart = () => import('./spending-chart.tsx');
const SpendingChart = lazy(async () => ({ default: (await loadChart()).SpendingChart }));

// A change to any expense (or a category's name and colour) can move these figures.
const LIVE = { expenses: [EXPENSE_QUERY_ROOTS.dashboard], categories: [EXPENSE_QUERY_ROOTS.dashboard] };

/**
 * SPEC "Dashboard": the period (default This Week, kept in the address as ?period=), the four
 * cards and a chart of spending over the period. Live: another session's expense shows at once.
 */
export function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const period = toDashboardPeriod(params.get('period'));
  const dashboard = useDashboard(period);
  useLiveQueries(LIVE);
  useEffect(() => void loadChart(), []);

  function choosePeriod(next: DashboardPeriod) {
    setParams(next === 'week' ? {} : { period: next }, { replace: true });
  }

  const data = dashboard.data;
  const chartTitle = data?.series.unit === 'month' ? 'Spending per Month' : 'Spending per Day';
  return (
    <>
      <PageTitle>Expenses Dashboard</PageTitle>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <SegmentedControl<DashboardPeriod> aria-label="Period" data={PERIOD_OPTIONS} value={period} onChange={choosePeriod} />
          {data && <RefreshingSign period={period} />}
        </Group>
        {dashboard.isError && <ErrorBanner message={errorMessage(dashboard.error, MESSAGES.errorLoadingExpenses)} />}
        {!data ? (
          dashboard.isPending && <PageLoading />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <TotalExpensesCard dashboard={data} />
              <TopCategoriesCard shares={data.topCategories} />
            </SimpleGrid>
            <DashboardCard title={chartTitle}>
              <Suspense
                fallback={
                  <Center h={260}>
                    <BusyIndicator />
                  </Center>
                }
              >
                <SpendingChart series={data.series} caption={`${chartTitle}, ${PERIOD_LABELS[period]}`} />
              </Suspense>
            </DashboardCard>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <ItemDistributionCard shares={data.distribution} />
              <RecentExpensesCard dashboard={data} />
            </SimpleGrid>
            <BudgetsCard />
          </>
        )}
      </Stack>
    </>
  );
}

/**
 * The small busy sign while the figures on screen are asked again (a period switch, a live change,
 * the live stream's first `ready`). Its own component, reading only whether they are being fetched:
 * the page itself is then not drawn again for a refetch whose answer has not changed, which on a slow
 * phone was a long task right after the page was taken over (issue 34's total blocking time).
 */
function RefreshingSign({ period }: { period: DashboardPeriod }) {
  const fetching = useIsFetching({ queryKey: dashboardQueryOptions(period).queryKey }) > 0;
  return fetching ? <Loader size="xs" aria-hidden /> : null;
}
