import type { Kobo } from '../money.ts';
import type { IsoDate } from '../periods.ts';
import { penaltyOn, type SavingsProduct } from './products.ts';

/**
 * Target savings (Christmas, Sallah, school fees): withdrawals in a window of the year, one pay-out
 * day on which the balances move out. Days of the year are 'MM-DD'; a window never wraps the year
 * end, so 'MM-DD' strings compare in calendar order.
 */

/** Days in each month of a year without 29 February: a window must exist every year. */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** '12-01' is a day of every year; '02-29', '13-01' and '1-1' are not. */
export function isDayOfYear(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{2}-\d{2}$/.test(value)) return false;
  const month = Number(value.slice(0, 2));
  const day = Number(value.slice(3));
  return month >= 1 && month <= 12 && day >= 1 && day <= (DAYS_IN_MONTH[month - 1] ?? 0);
}

export type TargetWindow = { opens: IsoDate; closes: IsoDate; payoutOn: IsoDate };

type TargetRules = Pick<SavingsProduct, 'name' | 'windowOpens' | 'windowCloses' | 'payoutOn'>;

function targetDays(product: TargetRules): { opens: string; closes: string; payoutOn: string } {
  const { windowOpens: opens, windowCloses: closes, payoutOn } = product;
  if (!isDayOfYear(opens) || !isDayOfYear(closes) || !isDayOfYear(payoutOn)) {
    throw new RangeError(`${product.name} is not a target product with a window and a pay-out day`);
  }
  return { opens, closes, payoutOn };
}

const onYear = (year: number, dayOfYear: string): IsoDate => `${String(year).padStart(4, '0')}-${dayOfYear}`;

/** The window and pay-out day of `year`, as calendar days. */
export function targetWindow(product: TargetRules, year: number): TargetWindow {
  const days = targetDays(product);
  return { opens: onYear(year, days.opens), closes: onYear(year, days.closes), payoutOn: onYear(year, days.payoutOn) };
}

/** Whether `day` falls in the product's withdrawal window (both ends included). */
export function isInWindow(product: TargetRules, day: IsoDate): boolean {
  const { opens, closes } = targetDays(product);
  const dayOfYear = day.slice(5);
  return dayOfYear >= opens && dayOfYear <= closes;
}

/** The next pay-out day on or after `today`: this year's, or next year's once it has passed. */
export function nextPayoutDate(product: TargetRules, today: IsoDate): IsoDate {
  const year = Number(today.slice(0, 4));
  const thisYear = targetWindow(product, year).payoutOn;
  return thisYear >= today ? thisYear : targetWindow(product, year + 1).payoutOn;
}

/** The first day of the next window to open after `day` (this year's, or next year's once it has closed). */
export function nextWindowOpening(product: TargetRules, day: IsoDate): IsoDate {
  const year = Number(day.slice(0, 4));
  const thisYear = targetWindow(product, year);
  return day <= thisYear.closes ? thisYear.opens : targetWindow(product, year + 1).opens;
}

/** A withdrawal from a target product outside its window: allowed only when the product allows early withdrawal. */
export function isEarlyWithdrawal(product: SavingsProduct, day: IsoDate): boolean {
  return product.kind === 'target' && !isInWindow(product, day);
}

/**
 * The penalty on withdrawing `amountKobo` early: the product's percentage rounded half up to the
 * kobo, or its fixed amount, never more than the amount withdrawn.
 */
export function earlyWithdrawalPenalty(product: Pick<SavingsProduct, 'penalty'>, amountKobo: number): Kobo {
  return penaltyOn(product.penalty, amountKobo);
}
