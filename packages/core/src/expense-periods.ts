import { addDays, calendarDate, dashboardRange, PERIOD_LABELS, type DateRange } from './periods.ts';

/** The expense list's time filter (SPEC "Expenses list"); default Today. */
export const EXPENSE_TIME_FILTERS = ['all', 'yesterday', 'today', 'week', 'month'] as const;
export type ExpenseTimeFilter = (typeof EXPENSE_TIME_FILTERS)[number];
export const DEFAULT_EXPENSE_TIME_FILTER: ExpenseTimeFilter = 'today';

/** SPEC "Expenses list": the filter's words, in the spec's order. Its week is the rolling week. */
export const EXPENSE_TIME_FILTER_LABELS: Record<ExpenseTimeFilter, string> = {
  all: PERIOD_LABELS.all,
  yesterday: PERIOD_LABELS.yesterday,
  today: PERIOD_LABELS.today,
  week: PERIOD_LABELS.rollingWeek,
  month: PERIOD_LABELS.month,
};

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

/**
 * The narrowest list filter that shows an expense dated `date`, seen on `today` (both calendar days
 * in APP_TIMEZONE): Today, Yesterday, This Week (rolling), This Month, else All Time. After saving,
 * the list opens there, so an expense dated last week does not vanish from view behind the
 * spec's default Today (docs/decisions/032-find-and-scan.md).
 */
export function narrowestTimeFilter(date: string, today: string): ExpenseTimeFilter {
  if (date > today) return 'all';
  if (date === today) return 'today';
  if (date === addDays(today, -1)) return 'yesterday';
  if (date >= addDays(today, -6)) return 'week';
  if (date.slice(0, 7) === today.slice(0, 7)) return 'month';
  return 'all';
}
