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
