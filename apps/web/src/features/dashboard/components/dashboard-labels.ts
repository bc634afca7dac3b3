import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, madeOnFirstUse, type DashboardPeriod } from '@kobo/core';

/** SPEC "Dashboard": This Week (the last 7 days, today included; DECISIONS 12), This Month, This Year. */
export const PERIOD_LABELS: Record<DashboardPeriod, string> = { week: 'This Week', month: 'This Month', year: 'This Year' };
export const PERIOD_OPTIONS = DASHBOARD_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }));

export function toDashboardPeriod(value: string | null | undefined): DashboardPeriod {
  return DASHBOARD_PERIODS.find((period) => period === value) ?? DEFAULT_DASHBOARD_PERIOD;
}

/** A share of the period's total, to one decimal (computed by the server from integer kobo). */
export function formatPercent(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

// Made when the chart first draws an axis, not while the dashboard's scripts start.
const compactNaira = madeOnFirstUse(() => new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', notation: 'compact', maximumFractionDigits: 1 }));

/** '₦15K' for a chart axis: whole naira, for reading at a glance (exact amounts are in the tooltip). */
export function formatCompactNaira(kobo: number): string {
  return compactNaira().format(Math.trunc(kobo / 100));
}
