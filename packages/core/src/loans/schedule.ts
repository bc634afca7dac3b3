import type { Kobo } from '../money.ts';
import { lastDayOfMonth, type PayrollMonth } from '../value-dates.ts';
import type { IsoDate } from '../periods.ts';

/**
 * Loan schedules (issue 12; COOPERATIVE.md "Loans"). Everything is whole kobo; rates are basis
 * points of a year (12% = 1,200) so that no rate is ever a float. Intermediate products use BigInt:
 * ₦1 trillion × 1,200 bp × 24 months passes 2^53.
 */
export type InterestMethod = 'flat' | 'reducing';

export type LoanTerms = {
  principal: Kobo;
  /** Annual rate in basis points: 12% is 1,200. */
  annualRateBp: number;
  months: number;
  method: InterestMethod;
  /**
   * Issue 33, murabaha: the markup in basis points of the principal (the cost price) for the whole
   * term. When given, the rate and method are not read: the markup is spread evenly, like flat
   * interest over a term rather than a year. The schedule's `interest` figures are then the markup.
   */
  markupBp?: number | null;
};

export type Instalment = {
  /** 1-based. */
  number: number;
  /** The last day of the month: payroll pays on or before it (docs/decisions/019-loans.md). */
  dueDate: IsoDate;
  principal: Kobo;
  interest: Kobo;
  total: Kobo;
  /** Principal still owed once this instalment is paid. */
  principalAfter: Kobo;
};

export type LoanSchedule = {
  instalments: Instalment[];
  /** The instalment every month but the last (which absorbs the rounding). */
  monthlyInstalment: Kobo;
  totalInterest: Kobo;
  totalRepayable: Kobo;
};

/** Months of a year, times the 10,000 basis points of one: rate × months ÷ 12 in basis points. */
const BP_MONTHS_PER_YEAR = 120_000n;

/** a ÷ b rounded half up, for a ≥ 0 and b > 0. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/** One month's interest on `outstanding` at `annualRateBp`, to the nearest kobo. */
export function monthlyInterest(outstanding: number, annualRateBp: number): Kobo {
  return Number(divideRounded(BigInt(outstanding) * BigInt(annualRateBp), BP_MONTHS_PER_YEAR)) as Kobo;
}

/**
 * The schedule of a loan disbursed in `disbursedMonth`: instalments fall due at the end of each
 * following month. Flat: interest = principal × rate × months ÷ 12, spread evenly. Reducing balance:
 * an annuity A = P·i ÷ (1 − (1 + i)^−n), each month's interest on the principal then outstanding.
 * Either way the last instalment absorbs the rounding, so the principal repaid is exactly the
 * principal lent.
 */
export function loanSchedule(terms: LoanTerms, disbursedMonth: PayrollMonth): LoanSchedule {
  const { principal, annualRateBp, months } = terms;
  if (!Number.isSafeInteger(principal) || principal <= 0) throw new RangeError(`principal must be positive kobo: ${principal}`);
  if (!Number.isSafeInteger(months) || months < 1) throw new RangeError(`months must be a positive whole number: ${months}`);
  if (!Number.isSafeInteger(annualRateBp) || annualRateBp < 0) throw new RangeError(`rate must be whole basis points: ${annualRateBp}`);
  const parts =
    terms.markupBp !== undefined && terms.markupBp !== null
      ? evenParts(principal, murabahaMarkup(principal, terms.markupBp), months)
      : terms.method === 'flat' || annualRateBp === 0
        ? flatParts(terms)
        : reducingParts(terms);
  const dueMonths = followingMonths(disbursedMonth, months);
  let principalAfter = principal as number;
  const instalments = parts.map((part, index) => {
    principalAfter -= part.principal;
    return {
      number: index + 1,
      dueDate: lastDayOfMonth(dueMonths[index] as PayrollMonth),
      principal: part.principal as Kobo,
      interest: part.interest as Kobo,
      total: (part.principal + part.interest) as Kobo,
      principalAfter: principalAfter as Kobo,
    };
  });
  const totalInterest = instalments.reduce((sum, instalment) => sum + instalment.interest, 0);
  return {
    instalments,
    monthlyInstalment: (instalments[0] as Instalment).total,
    totalInterest: totalInterest as Kobo,
    totalRepayable: (principal + totalInterest) as Kobo,
  };
}

type Part = { principal: number; interest: number };

/** Murabaha's markup on a cost price: cost × markup ÷ 10,000, to the nearest kobo (₦300,000 at 15% is ₦45,000). */
export function murabahaMarkup(cost: number, markupBp: number): Kobo {
  if (!Number.isSafeInteger(markupBp) || markupBp < 0) throw new RangeError(`markup must be whole basis points: ${markupBp}`);
  return Number(divideRounded(BigInt(cost) * BigInt(markupBp), 10_000n)) as Kobo;
}

function flatParts({ principal, annualRateBp, months }: LoanTerms): Part[] {
  const totalInterest = Number(divideRounded(BigInt(principal) * BigInt(annualRateBp) * BigInt(months), BP_MONTHS_PER_YEAR));
  return evenParts(principal, totalInterest, months);
}

/** Principal and a total charge spread evenly over `months`, the last instalment absorbing the rounding of both. */
function evenParts(principal: number, totalInterest: number, months: number): Part[] {
  const principalEach = Math.floor(principal / months);
  const interestEach = Math.floor(totalInterest / months);
  return Array.from({ length: months }, (_, index) =>
    index === months - 1
      ? { principal: principal - principalEach * (months - 1), interest: totalInterest - interestEach * (months - 1) }
      : { principal: principalEach, interest: interestEach },
  );
}

function reducingParts({ principal, annualRateBp, months }: LoanTerms): Part[] {
  const rate = annualRateBp / 120_000;
  // The annuity itself is a real number; rounded once to the kobo, every figure after it is integer.
  // A = P·i·(1+i)^n ÷ ((1+i)^n − 1), with (1+i)^n − 1 as expm1(n·log1p(i)): at a small rate the
  // plain form loses kobo to cancellation on large loans.
  const growthMinusOne = Math.expm1(months * Math.log1p(rate));
  const annuity = Math.round((principal * rate * (1 + growthMinusOne)) / growthMinusOne);
  const parts: Part[] = [];
  let outstanding = principal as number;
  for (let month = 1; month <= months; month += 1) {
    const interest = monthlyInterest(outstanding, annualRateBp);
    // Never more principal than is owed (a tiny loan's annuity can exceed it), never less than none.
    const principalPart = month === months ? outstanding : Math.min(outstanding, Math.max(0, annuity - interest));
    parts.push({ principal: principalPart, interest });
    outstanding -= principalPart;
  }
  return parts;
}

/** The `count` months after `month`: '2026-11', 2 → ['2026-12', '2027-01']. */
export function followingMonths(month: PayrollMonth, count: number): PayrollMonth[] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const zeroBased = monthNumber + index; // monthNumber is 1-based, so this is already the next month
    return `${String(year + Math.floor(zeroBased / 12)).padStart(4, '0')}-${String((zeroBased % 12) + 1).padStart(2, '0')}`;
  });
}
