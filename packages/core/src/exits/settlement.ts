import type { Kobo } from '../money.ts';
import type { IsoDate } from '../periods.ts';
import type { LoanPosition, RepaymentAllocation } from '../loans/repayments.ts';
import { payoffQuote } from '../loans/payoff.ts';

/**
 * A member leaves (issue 32; COOPERATIVE.md "A member leaves"; docs/decisions/051-member-exit.md):
 * the settlement's arithmetic, pure. Every amount is integer kobo.
 */

export type ExitLoanPayoff = {
  principalKobo: Kobo;
  /** Interest of every instalment due by the settlement date (due from the start of its month, as the run counts it). */
  interestKobo: Kobo;
  feeKobo: Kobo;
  /** Penalties still owed (issue 33: charged by the daily job, carried on the position). */
  penaltyKobo: Kobo;
  payoffKobo: Kobo;
  /** What the payoff writes on the loan: all principal and fee, the interest to date, the rest of the interest waived. */
  allocation: RepaymentAllocation;
};

/**
 * A loan paid off at exit on `day`: outstanding principal, interest to date, fees (and penalties).
 * "Interest to date" is the interest of the instalments due by that day, the month in progress
 * included (a month begun is owed, as the monthly run deducts it); later instalments' interest is
 * waived, since the money is no longer borrowed. COOPERATIVE.md: ₦120,000 principal with a month's
 * interest at 12% flat, ₦1,200, pays off at ₦121,200.
 */
export function exitLoanPayoff(position: LoanPosition, day: IsoDate): ExitLoanPayoff {
  // The loan's outstanding penalties are part of its payoff, as on any payoff quote.
  const quote = payoffQuote(position, day);
  return { principalKobo: quote.principalKobo, interestKobo: quote.interestKobo, feeKobo: quote.feeKobo, penaltyKobo: quote.penaltyKobo, payoffKobo: quote.totalKobo, allocation: quote.allocation };
}

/**
 * `totalKobo` split in proportion to `weights` (nominees' shares in basis points, guarantors'
 * guaranteed amounts): each part is its exact share rounded down, and the kobo left over go one
 * each to the parts with the largest remainders (the later part first on a tie, so an even split
 * leaves the odd kobo on the last part). The parts add up to the total exactly and none is negative
 * (rounding every part half up and giving the last what was left could: 2 kobo over four equal
 * weights). COOPERATIVE.md: ₦221,800 at 60% and 40% is ₦133,080 and ₦88,720; a ₦40,000 shortfall
 * over guarantees of ₦60,000 and ₦20,000 is ₦30,000 and ₦10,000.
 */
export function splitInProportion(totalKobo: number, weights: readonly number[]): Kobo[] {
  if (weights.length === 0) return [];
  if (totalKobo < 0 || weights.some((weight) => weight < 0)) throw new Error('splitInProportion splits a non-negative total by non-negative weights');
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole <= 0) throw new Error('splitInProportion needs a positive total weight');
  const total = BigInt(totalKobo);
  const denominator = BigInt(whole);
  const exact = weights.map((weight, index) => ({ index, part: (total * BigInt(weight)) / denominator, remainder: (total * BigInt(weight)) % denominator }));
  let left = total - exact.reduce((sum, share) => sum + share.part, 0n);
  const byRemainder = exact.toSorted((a, b) => (a.remainder === b.remainder ? b.index - a.index : a.remainder > b.remainder ? -1 : 1));
  for (const share of byRemainder) {
    if (left === 0n) break;
    share.part += 1n;
    left -= 1n;
  }
  return exact.map((share) => Number(share.part) as Kobo);
}

/**
 * Interest (or a dividend) due to the exit date where the scheme pays pro rata: the balance at the
 * rate for the days of the financial year so far (actual/365, as the year end counts days), half up.
 */
export function proRataInterestKobo(balanceKobo: number, rateBp: number, days: number): Kobo {
  if (balanceKobo <= 0 || rateBp <= 0 || days <= 0) return 0 as Kobo;
  const numerator = BigInt(balanceKobo) * BigInt(rateBp) * BigInt(days);
  const denominator = 10_000n * 365n;
  return Number((2n * numerator + denominator) / (2n * denominator)) as Kobo;
}
