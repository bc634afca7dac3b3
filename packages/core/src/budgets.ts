import { addDays, calendarDate, type DateRange, type IsoDate } from './periods.ts';
import { percentOf } from './shares.ts';

/**
 * Category budgets (issue 14, docs/decisions/034-budgets-and-report-export.md): one per item
 * category, organisation-wide, for a calendar month or a calendar year in APP_TIMEZONE. Pure: every
 * function is given the day or the instant, never reads the clock.
 */
export const BUDGET_PERIODS = ['month', 'year'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];
export const BUDGET_PERIOD_LABELS: Record<BudgetPeriod, string> = { month: 'Monthly', year: 'Yearly' };

/** The warning levels: spent reached 80% or 100% of the budget. */
export type BudgetLevel = '80' | '100';

/** The calendar month or year that `day` falls in, first and last day inclusive. */
export function budgetPeriodOf(period: BudgetPeriod, day: IsoDate): DateRange {
  if (period === 'year') return { from: `${day.slice(0, 4)}-01-01`, to: `${day.slice(0, 4)}-12-31` };
  const from = `${day.slice(0, 7)}-01`;
  return { from, to: addDays(nextMonthStart(from), -1) };
}

/** The budget period in progress today in `timeZone` (the dashboard's and the Budgets screen's). */
export function currentBudgetPeriod(period: BudgetPeriod, now: Date, timeZone: string): DateRange {
  return budgetPeriodOf(period, calendarDate(now, timeZone));
}

/** '100' at or past the budget, '80' at or past 80% of it, else null. Integer arithmetic only. */
export function budgetLevel(spentKobo: number, budgetKobo: number): BudgetLevel | null {
  if (budgetKobo <= 0) return null;
  if (spentKobo >= budgetKobo) return '100';
  // spent ≥ 0.8 × budget, kept in integers: 5 × spent ≥ 4 × budget.
  if (BigInt(spentKobo) * 5n >= BigInt(budgetKobo) * 4n) return '80';
  return null;
}

/**
 * The level a change reached, only when the change itself crossed it: from below 80% to 80% or
 * more, or from below 100% to 100% or more. Staying at 85% after a second expense says nothing.
 */
export function budgetCrossing(beforeKobo: number, afterKobo: number, budgetKobo: number): BudgetLevel | null {
  const before = budgetLevel(beforeKobo, budgetKobo);
  const after = budgetLevel(afterKobo, budgetKobo);
  if (after === null || after === before) return null;
  return before === '100' ? null : after;
}

/** Spent as a share of the budget, one decimal (may pass 100). */
export function budgetPercent(spentKobo: number, budgetKobo: number): number {
  return percentOf(spentKobo, budgetKobo);
}

/**
 * How many of a budget's periods a report range stands for, so the report can show
 * budget × periods beside actual. A period counts when the range covers it whole, or when it is
 * the period in progress and the range runs from its start to today or later (This Month on the
 * 12th is measured against the whole month's budget: what may still be spent this month). A range
 * that cuts a period anywhere else counts none of it: no pro-rating by days, which would invent a
 * budget nobody set.
 */
export function budgetPeriodsCovered(period: BudgetPeriod, range: DateRange, today: IsoDate): number {
  let count = 0;
  let start = budgetPeriodOf(period, range.from).from;
  while (start <= range.to) {
    const whole = budgetPeriodOf(period, start);
    const isInProgress = whole.from <= today && today <= whole.to;
    if (range.from <= whole.from && (range.to >= whole.to || (isInProgress && range.to >= today))) count += 1;
    start = addDays(whole.to, 1);
  }
  return count;
}

/** Report presets (issue 14): each a range of whole days in APP_TIMEZONE, ending today at the latest. */
export const REPORT_PRESETS = ['thisMonth', 'lastMonth', 'thisQuarter', 'yearToDate', 'lastYear'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  thisMonth: 'This Month',
  lastMonth: 'Last Month',
  thisQuarter: 'This Quarter',
  yearToDate: 'Year to Date',
  lastYear: 'Last Year',
};

export function reportPresetRange(preset: ReportPreset, today: IsoDate): DateRange {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'thisMonth':
      return { from: monthStart, to: today };
    case 'lastMonth': {
      const to = addDays(monthStart, -1);
      return { from: `${to.slice(0, 7)}-01`, to };
    }
    case 'thisQuarter': {
      const firstMonth = Math.floor((month - 1) / 3) * 3 + 1;
      return { from: `${String(year).padStart(4, '0')}-${String(firstMonth).padStart(2, '0')}-01`, to: today };
    }
    case 'yearToDate':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'lastYear': {
      const last = String(year - 1).padStart(4, '0');
      return { from: `${last}-01-01`, to: `${last}-12-31` };
    }
  }
}

function nextMonthStart(monthStart: IsoDate): IsoDate {
  const year = Number(monthStart.slice(0, 4));
  const month = Number(monthStart.slice(5, 7));
  return month === 12 ? `${String(year + 1).padStart(4, '0')}-01-01` : `${monthStart.slice(0, 5)}${String(month + 1).padStart(2, '0')}-01`;
}
