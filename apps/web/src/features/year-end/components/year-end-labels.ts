import { formatNaira, type YearEndRunStatus, type YearEndYear } from '@kobo/core';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';

export const RUN_STATUS_LABELS: Record<YearEndRunStatus, string> = {
  draft: 'Draft',
  approved: 'Approved',
  posted: 'Posted',
  reversed: 'Reversed',
};

export const RUN_STATUS_COLORS: Record<YearEndRunStatus, string> = { draft: 'gray', approved: 'blue', posted: 'green', reversed: 'red' };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'January', for the settings' first month (1–12). */
export function monthName(month: number): string {
  return MONTHS[month - 1] ?? String(month);
}

/** '2026 (1 Apr 2026 – 31 Mar 2027)'. */
export function yearLabel(year: Pick<YearEndYear, 'year' | 'from' | 'to'>): string {
  return `${year.year} (${formatCalendarDate(year.from)} – ${formatCalendarDate(year.to)})`;
}

/** A surplus, or a deficit written as one. */
export function surplusText(kobo: number): string {
  return kobo < 0 ? `Deficit ${formatNaira(-kobo)}` : formatNaira(kobo);
}

/** Fallbacks when a failure carries no sentence of its own (a lost connection). */
export const YEAR_END_FAILED = {
  save: 'Failed to save the proposal. Please try again.',
  step: 'Failed to finish that step. Please try again.',
  download: 'Failed to download the workbook. Please try again.',
} as const;

/** '1 member', '2 members'. */
export function membersText(count: number): string {
  return `${count} member${count === 1 ? '' : 's'}`;
}
