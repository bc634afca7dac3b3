import { asKobo, type Kobo } from '../money.ts';
import type { YearBalances } from './balances.ts';
import { exactKobo, roundHalfUp, type Exact } from './exact.ts';

/** How interest on savings and dividends on shares are figured (issue 31; COOPERATIVE.md "The year end"). */
export const SAVINGS_INTEREST_METHODS = ['average_daily', 'minimum_monthly', 'closing'] as const;
export type SavingsInterestMethod = (typeof SAVINGS_INTEREST_METHODS)[number];

export const SHARE_DIVIDEND_METHODS = ['closing', 'average_monthly', 'prorated_months'] as const;
export type ShareDividendMethod = (typeof SHARE_DIVIDEND_METHODS)[number];

export const YEAR_END_METHOD_LABELS: Record<SavingsInterestMethod | ShareDividendMethod, string> = {
  average_daily: 'Average daily balance',
  minimum_monthly: 'Minimum monthly balance',
  closing: 'Closing balance',
  average_monthly: 'Average monthly balance',
  prorated_months: 'Prorated by whole months held',
};

/** The highest rate a run takes: 100% a year, in basis points. */
export const MAX_YEAR_END_RATE_BP = 10_000;

/** A member's line before tax: the balance the rate applies to, the exact gross, and it rounded half up. */
export type MemberGross = { basis: Exact; exact: Exact; grossKobo: Kobo };

/** Actual/365 (fixed): the days a balance is held, over 365, in leap years too. */
const DAY_COUNT_DIVISOR = 365n;

function sumAboveZero(values: readonly number[]): bigint {
  return values.reduce((total, value) => total + BigInt(Math.max(0, value)), 0n);
}

/**
 * The balance each method applies the rate to. Average daily divides the balance-days by 365 in
 * every year (actual/365, as issue 31 says: a leap year's 366 days count, over 365); the monthly
 * methods divide by 12.
 * A balance below ₦0 earns nothing, never a charge.
 */
function basisOf(balances: YearBalances, method: SavingsInterestMethod | ShareDividendMethod): Exact {
  switch (method) {
    case 'average_daily':
      return exactKobo(balances.balanceDaysKobo > 0n ? balances.balanceDaysKobo : 0n, DAY_COUNT_DIVISOR);
    case 'minimum_monthly':
      return exactKobo(sumAboveZero(balances.monthlyMinimumsKobo), 12n);
    case 'average_monthly':
      return exactKobo(sumAboveZero(balances.monthEndsKobo), 12n);
    case 'prorated_months':
      return exactKobo(sumAboveZero(balances.slices.map((slice) => slice.amountKobo * slice.months)), 12n);
    case 'closing':
      return exactKobo(BigInt(Math.max(0, balances.closingKobo)), 1n);
  }
}

function grossOf(balances: YearBalances, method: SavingsInterestMethod | ShareDividendMethod, rateBp: number): MemberGross {
  if (!Number.isSafeInteger(rateBp) || rateBp < 0 || rateBp > MAX_YEAR_END_RATE_BP) {
    throw new RangeError(`A year-end rate is 0 to ${MAX_YEAR_END_RATE_BP} basis points, got ${rateBp}`);
  }
  const basis = basisOf(balances, method);
  const gross = exactKobo(basis.numerator * BigInt(rateBp), basis.denominator * 10_000n);
  return { basis, exact: gross, grossKobo: asKobo(roundHalfUp(gross)) };
}

/** Member A at 2%: ₦2,504.11 on the average daily balance, ₦2,500.00 on the minimum monthly, ₦3,000.00 on the closing. */
export function savingsInterest(balances: YearBalances, method: SavingsInterestMethod, rateBp: number): MemberGross {
  return grossOf(balances, method, rateBp);
}

/** Member B at 10%: ₦3,000.00 on the closing balance, ₦2,750.00 on the average monthly, ₦2,666.67 prorated by months held. */
export function shareDividend(balances: YearBalances, method: ShareDividendMethod, rateBp: number): MemberGross {
  return grossOf(balances, method, rateBp);
}
