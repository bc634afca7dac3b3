import { MESSAGES } from './messages.ts';
import { addDays, calendarDate, isIsoDate, isoWeekday, isSupportedDate, type IsoDate } from './periods.ts';

/**
 * Value dates and payroll months (issue 11; COOPERATIVE.md "Money in"). A value date is the day
 * the money counts for: never after today in APP_TIMEZONE, and within the dates Kobo supports.
 */
export function valueDateProblem(value: IsoDate, now: Date, timeZone: string): string | null {
  return valueDateProblemOn(value, calendarDate(now, timeZone));
}

/** The same rule where the caller already knows today (a form, from the organisation's calendar). */
export function valueDateProblemOn(value: IsoDate, today: IsoDate): string | null {
  if (!isIsoDate(value) || !isSupportedDate(value)) return MESSAGES.invalidDate;
  if (value > today) return MESSAGES.valueDateInFuture;
  return null;
}

/** A payroll month, 'YYYY-MM'. */
export type PayrollMonth = string;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isPayrollMonth(value: unknown): value is PayrollMonth {
  return typeof value === 'string' && MONTH_PATTERN.test(value) && isSupportedDate(`${value}-01`);
}

/** The month `now` falls in, in `timeZone`. */
export function currentMonth(now: Date, timeZone: string): PayrollMonth {
  return calendarDate(now, timeZone).slice(0, 7);
}

export function lastDayOfMonth(month: PayrollMonth): IsoDate {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const nextMonth = monthNumber === 12 ? `${String(year + 1).padStart(4, '0')}-01-01` : `${month.slice(0, 5)}${String(monthNumber + 1).padStart(2, '0')}-01`;
  return addDays(nextMonth, -1);
}

/**
 * Payday: the last Monday-to-Friday of the month. Public holidays are not known to Kobo; the
 * treasurer changes the date when payday moved (docs/decisions/017-monthly-run.md).
 */
export function lastWorkingDayOf(month: PayrollMonth): IsoDate {
  let day = lastDayOfMonth(month);
  while (isoWeekday(day) > 5) day = addDays(day, -1);
  return day;
}

/**
 * The run's value date when the admin does not choose one: payday, or today when payday is still
 * ahead (a value date is never in the future).
 */
export function defaultRunValueDate(month: PayrollMonth, now: Date, timeZone: string): IsoDate {
  const payday = lastWorkingDayOf(month);
  const today = calendarDate(now, timeZone);
  return payday > today ? today : payday;
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '2026-11-03' → '3 Nov 2026' (three letters for every month; en-GB's Intl writes 'Sept'). */
export function dayLabel(date: IsoDate): string {
  const [year, monthNumber, day] = date.split('-');
  return `${Number(day)} ${(MONTH_NAMES[Number(monthNumber) - 1] ?? '').slice(0, 3)} ${year}`;
}

/**
 * Issue 26: the refusal of a posting that, ordered by value date, would take the running balance
 * below zero on `day`: 'This would leave the balance below ₦0 on 3 Nov 2026'.
 */
export function balanceBelowZeroOnMessage(day: IsoDate): string {
  return `This would leave the balance below ₦0 on ${dayLabel(day)}`;
}

/** Issue 26: 'The value date cannot be before the books' start date, 1 Jan 2026'. */
export function beforeBooksStartMessage(booksStart: IsoDate): string {
  return `The value date cannot be before the books' start date, ${dayLabel(booksStart)}`;
}

/** '2026-11' → 'November 2026'. */
export function monthLabel(month: PayrollMonth): string {
  const [year, monthNumber] = month.split('-');
  return `${MONTH_NAMES[Number(monthNumber) - 1] ?? month} ${year}`;
}

/** The run's description when the admin does not write one: 'November 2026 contribution'. */
export function defaultRunDescription(month: PayrollMonth): string {
  return `${monthLabel(month)} contribution`;
}

/**
 * A run's withdrawal row without a description of its own: 'November 2026 withdrawal' (issue 26),
 * not the run's '… contribution', which would call money paid out a contribution.
 */
export function runWithdrawalDescription(month: PayrollMonth): string {
  return `${monthLabel(month)} withdrawal`;
}
