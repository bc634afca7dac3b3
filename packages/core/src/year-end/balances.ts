import { daysInRange, isIsoDate, type IsoDate } from '../periods.ts';
import { addMonths } from '../savings-products/fixed.ts';
import { isPayrollMonth, type PayrollMonth } from '../value-dates.ts';

/**
 * A member account's year, read by value date (the day the money counts for): the facts every
 * interest and dividend method is computed from (docs/decisions/048-year-end-arithmetic.md).
 * Integer arithmetic only: kobo, and kobo × days as bigint (₦1 trillion × 366 days passes 2^53).
 */

/** Twelve months from the first of the scheme's first month: 1 Apr 2026 to 31 Mar 2027. */
export type FinancialYear = { from: IsoDate; to: IsoDate };

/** One row of the account's ledger: signed, money in above 0. */
export type AccountMovement = { valueDate: IsoDate; amountKobo: number };

/** Kobo held through whole calendar months: months counted from `firstMonth` (0 = the year's first). */
export type HeldSlice = { amountKobo: number; firstMonth: number; months: number };

export type YearBalances = {
  year: FinancialYear;
  /** 365, or 366 when the year holds 29 February. */
  days: number;
  openingKobo: number;
  /** The end-of-day balance summed over every day of the year. */
  balanceDaysKobo: bigint;
  /** Each month's lowest end-of-day balance, the year's first month first. */
  monthlyMinimumsKobo: number[];
  monthEndsKobo: number[];
  closingKobo: number;
  /** What was held through whole months, as slices (see heldSlices). */
  slices: HeldSlice[];
};

/** The financial year that begins with `firstMonth` ('2026-01' → 1 Jan to 31 Dec 2026). */
export function financialYear(firstMonth: PayrollMonth): FinancialYear {
  if (!isPayrollMonth(firstMonth)) throw new RangeError(`A financial year begins with a month 'YYYY-MM', got ${firstMonth}`);
  const from = `${firstMonth}-01`;
  return { from, to: dayBefore(addMonths(from, 12)) };
}

function dayBefore(date: IsoDate): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The index of `date` among the year's days, 0 for its first day. */
function dayIndex(year: FinancialYear, date: IsoDate): number {
  return daysInRange({ from: year.from, to: date }) - 1;
}

function assertYear(year: FinancialYear): void {
  const isValid = isIsoDate(year.from) && year.from.endsWith('-01') && year.to === financialYear(year.from.slice(0, 7)).to;
  if (!isValid) throw new RangeError(`A financial year is twelve months from the first of a month, got ${year.from} to ${year.to}`);
}

/** A year's days and where each month starts among them: worked out once for a run's thousands of accounts. */
export type YearCalendar = { year: FinancialYear; days: number; monthStarts: number[] };

export function yearCalendar(year: FinancialYear): YearCalendar {
  assertYear(year);
  const days = daysInRange(year);
  const monthStarts = Array.from({ length: 13 }, (_, month) => (month === 12 ? days : dayIndex(year, addMonths(year.from, month))));
  return { year, days, monthStarts };
}

/** One day's net movement: `day` counted from the year's first day (0). */
export type DayChange = { day: number; amountKobo: number };

/**
 * The year's balance facts from the balance before it and its movements (any order; several on a
 * day are summed). A movement valued outside the year is the caller's mistake, refused loudly.
 */
export function yearBalances(year: FinancialYear, openingKobo: number, movements: readonly AccountMovement[]): YearBalances {
  const calendar = yearCalendar(year);
  return yearBalancesByDay(calendar, openingKobo, dailyChanges(year, movements, calendar.days));
}

/**
 * The same from one net change per day, in day order (what a query grouped by day answers), so a
 * run reading 10,000 accounts parses no dates (docs/decisions/049-year-end-run.md).
 */
export function yearBalancesByDay(calendar: YearCalendar, openingKobo: number, changes: readonly DayChange[]): YearBalances {
  const { year, days, monthStarts } = calendar;
  if (!Number.isSafeInteger(openingKobo)) throw new RangeError(`The opening balance is a whole number of kobo, got ${openingKobo}`);
  let previous = -1;
  for (const change of changes) {
    if (!Number.isSafeInteger(change.amountKobo)) throw new RangeError(`A movement is a whole number of kobo, got ${change.amountKobo}`);
    if (!Number.isInteger(change.day) || change.day <= previous || change.day >= days) throw new RangeError(`Day ${change.day} is out of order or outside the year ${year.from} to ${year.to}`);
    previous = change.day;
  }

  let balance = openingKobo;
  let balanceDaysKobo = 0n;
  let next = 0;
  const monthlyMinimumsKobo: number[] = [];
  const monthEndsKobo: number[] = [];
  for (let month = 0; month < 12; month += 1) {
    const end = monthStarts[month + 1] as number;
    let cursor = monthStarts[month] as number;
    let minimum = Number.POSITIVE_INFINITY;
    // The balance is constant between days with movements: each stretch adds balance × its days.
    let change = changes[next];
    while (change && change.day < end) {
      if (change.day > cursor) {
        minimum = Math.min(minimum, balance);
        balanceDaysKobo += BigInt(balance) * BigInt(change.day - cursor);
      }
      balance += change.amountKobo;
      cursor = change.day;
      next += 1;
      change = changes[next];
    }
    minimum = Math.min(minimum, balance);
    balanceDaysKobo += BigInt(balance) * BigInt(end - cursor);
    monthlyMinimumsKobo.push(minimum);
    monthEndsKobo.push(balance);
  }
  return { year, days, openingKobo, balanceDaysKobo, monthlyMinimumsKobo, monthEndsKobo, closingKobo: balance, slices: heldSlices(monthlyMinimumsKobo) };
}

function dailyChanges(year: FinancialYear, movements: readonly AccountMovement[], days: number): { day: number; amountKobo: number }[] {
  const byDay = new Map<number, number>();
  for (const movement of movements) {
    if (!Number.isSafeInteger(movement.amountKobo)) throw new RangeError(`A movement is a whole number of kobo, got ${movement.amountKobo}`);
    const day = isIsoDate(movement.valueDate) ? dayIndex(year, movement.valueDate) : -1;
    if (day < 0 || day >= days) throw new RangeError(`A movement valued ${movement.valueDate} is outside the year ${year.from} to ${year.to}`);
    byDay.set(day, (byDay.get(day) ?? 0) + movement.amountKobo);
  }
  return [...byDay].map(([day, amountKobo]) => ({ day, amountKobo })).toSorted((a, b) => a.day - b.day);
}

/**
 * "Prorated by whole months held": money counts for a month only when held through all of it, so
 * what counts in each month is its lowest end-of-day balance. A purchase valued on the 15th counts
 * from the next month; one valued on the 1st is held the whole month and counts from it. Read as
 * slices, last in first out: each rise of the monthly lowest balance starts a slice, each fall ends
 * the newest first. Σ amount × months is Σ of the monthly lowest balances (never below ₦0).
 */
export function heldSlices(monthlyMinimumsKobo: readonly number[]): HeldSlice[] {
  const open: { amountKobo: number; firstMonth: number }[] = [];
  const slices: HeldSlice[] = [];
  let level = 0;
  monthlyMinimumsKobo.forEach((minimum, month) => {
    const target = Math.max(0, minimum);
    if (target > level) open.push({ amountKobo: target - level, firstMonth: month });
    while (target < level) {
      const newest = open[open.length - 1] as { amountKobo: number; firstMonth: number };
      const taken = Math.min(newest.amountKobo, level - target);
      slices.push({ amountKobo: taken, firstMonth: newest.firstMonth, months: month - newest.firstMonth });
      newest.amountKobo -= taken;
      if (newest.amountKobo === 0) open.pop();
      level -= taken;
    }
    level = target;
  });
  for (const slice of open) slices.push({ ...slice, months: monthlyMinimumsKobo.length - slice.firstMonth });
  return slices.toSorted((a, b) => a.firstMonth - b.firstMonth || b.months - a.months);
}
