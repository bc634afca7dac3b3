import { addDays, calendarDate, dashboardRange, type DashboardPeriod, type DateRange } from './periods.ts';

/** The expense list's time filter (SPEC "Expenses list"); default Today. */
export const EXPENSE_TIME_FILTERS = ['all', 'yesterday', 'today', 'week', 'month'] as const;
export type ExpenseTimeFilter = (typeof EXPENSE_TIME_FILTERS)[number];
export const DEFAULT_EXPENSE_TIME_FILTER: ExpenseTimeFilter = 'today';

export const DASHBOARD_PERIODS = ['week', 'month', 'year'] as const satisfies readonly DashboardPeriod[];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 'week';

/**
 * The calendar days a time filter covers in `timeZone`, or null for All Time.
 * This Week is the last 7 days including today, the same as the dashboard's (DECISIONS 12), so the
 * two screens agree on what "This Week" adds up to (docs/decisions/008-expenses-api.md).
 */
export function expenseTimeRange(filter: ExpenseTimeFilter, now: Date, timeZone: string): DateRange | null {
  const today = calendarDate(now, timeZone);
  switch (filter) {
    case 'all':
      return null;
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'week':
      return dashboardRange('week', now, timeZone);
    case 'month':
      return dashboardRange('month', now, timeZone);
  }
}
