import { MAX_AMOUNT_KOBO, type Kobo } from '../money.ts';
import type { IsoDate } from '../periods.ts';
import { divideHalfUp, MAX_FIXED_TERM_MONTHS, penaltyOn, type FixedDepositTerms, type SavingsProduct } from './products.ts';

/**
 * Fixed deposits: a sum for a term at a rate, fixed when the account is opened; at maturity the
 * principal and interest move to ordinary savings, before it the deposit can only be broken, with
 * the product's penalty.
 */

/**
 * `date` plus `months` calendar months, the day kept where the month has it and otherwise the
 * month's last day: 31 Jan 2027 + 1 month is 28 Feb 2027, 31 Jan 2028 + 1 month is 29 Feb 2028.
 */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/**
 * A deposit's terms on opening: `termMonths` as the member chose it, or the product's term.
 * Throws on figures a form would have refused (the caller checks the member's input first).
 */
export function fixedDepositTerms(
  product: Pick<SavingsProduct, 'name' | 'kind' | 'annualRateBp' | 'termMonths'>,
  principalKobo: number,
  openedOn: IsoDate,
  termMonths: number | null = product.termMonths,
): FixedDepositTerms {
  if (product.kind !== 'fixed' || product.annualRateBp === null) throw new RangeError(`${product.name} is not a fixed deposit`);
  if (!Number.isSafeInteger(principalKobo) || principalKobo < 1 || principalKobo > MAX_AMOUNT_KOBO) {
    throw new RangeError(`A fixed deposit's principal is a whole number of kobo above 0, got ${principalKobo}`);
  }
  if (termMonths === null || !Number.isSafeInteger(termMonths) || termMonths < 1 || termMonths > MAX_FIXED_TERM_MONTHS) {
    throw new RangeError(`A fixed deposit's term is 1 to ${MAX_FIXED_TERM_MONTHS} months, got ${termMonths}`);
  }
  return { principalKobo, openedOn, maturesOn: addMonths(openedOn, termMonths), annualRateBp: product.annualRateBp };
}

/** A day's month counted from year 0: months between two days are the difference. */
const monthIndex = (date: IsoDate) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));

/**
 * The whole months from opening to maturity. The terms keep only the two days; maturity is always
 * opening plus whole months (the day clamped at most), so the months between them are the term.
 */
export function termMonthsOf(terms: Pick<FixedDepositTerms, 'openedOn' | 'maturesOn'>): number {
  return monthIndex(terms.maturesOn) - monthIndex(terms.openedOn);
}

/** Principal × rate × months ÷ 12, rounded half up to the kobo: ₦100,000 at 12% for 6 months is ₦6,000.00. */
export function maturityInterest(terms: FixedDepositTerms): Kobo {
  // BigInt: ₦1 trillion × 10,000 bp × 120 months passes 2^53 before the division.
  return divideHalfUp(BigInt(terms.principalKobo) * BigInt(terms.annualRateBp) * BigInt(termMonthsOf(terms)), 120_000n) as Kobo;
}

/** What moves to ordinary savings on the maturity day: the principal and its interest. */
export function maturityAmount(terms: FixedDepositTerms): Kobo {
  return (terms.principalKobo + maturityInterest(terms)) as Kobo;
}

/** Whether the deposit has matured on `day` (the maturity day included). */
export function hasMatured(terms: Pick<FixedDepositTerms, 'maturesOn'>, day: IsoDate): boolean {
  return day >= terms.maturesOn;
}

/**
 * The penalty for breaking the deposit on `day`: the product's rule on the principal (a
 * percentage rounded half up to the kobo, or its fixed amount, never more than the principal);
 * nothing once it has matured. A broken deposit earns no interest.
 */
export function breakPenalty(product: Pick<SavingsProduct, 'penalty'>, terms: FixedDepositTerms, day: IsoDate): Kobo {
  return hasMatured(terms, day) ? (0 as Kobo) : penaltyOn(product.penalty, terms.principalKobo);
}
