import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../periods.ts';
import { financialYear, yearBalances, type AccountMovement, type FinancialYear, type YearBalances } from './balances.ts';
import { distributeYearEnd } from './distribution.ts';
import { SAVINGS_INTEREST_METHODS, SHARE_DIVIDEND_METHODS, savingsInterest, shareDividend, type SavingsInterestMethod, type ShareDividendMethod } from './methods.ts';

const datesOfYear = new Map<string, string[]>();
function yearDates(year: FinancialYear): string[] {
  let dates = datesOfYear.get(year.from);
  if (!dates) {
    dates = [];
    for (let date = year.from; date <= year.to; date = addDays(date, 1)) dates.push(date);
    datesOfYear.set(year.from, dates);
  }
  return dates;
}

/** The year's days one by one, each end-of-day balance written out: the slow way, to check the fast one. */
function dayByDay(year: FinancialYear, openingKobo: number, movements: readonly AccountMovement[]) {
  const byDate = new Map<string, number>();
  for (const movement of movements) byDate.set(movement.valueDate, (byDate.get(movement.valueDate) ?? 0) + movement.amountKobo);
  let balance = openingKobo;
  let balanceDays = 0n;
  const lowest = new Map<string, number>();
  const ends = new Map<string, number>();
  for (const date of yearDates(year)) {
    balance += byDate.get(date) ?? 0;
    balanceDays += BigInt(balance);
    const month = date.slice(0, 7);
    lowest.set(month, Math.min(lowest.get(month) ?? Number.POSITIVE_INFINITY, balance));
    ends.set(month, balance);
  }
  return { balanceDays, lowest: [...lowest.values()], ends: [...ends.values()] };
}

type Method = { kind: 'savings'; m: SavingsInterestMethod } | { kind: 'shares'; m: ShareDividendMethod };

const member = fc.record({
  openingKobo: fc.integer({ min: 0, max: 10_000_000_000 }),
  movements: fc.array(fc.record({ day: fc.integer({ min: 0, max: 365 }), amountKobo: fc.integer({ min: -50_000_000, max: 500_000_000 }) }), { maxLength: 12 }),
});

const yearEnd = fc.record({
  firstMonth: fc.tuple(fc.integer({ min: 2024, max: 2031 }), fc.integer({ min: 1, max: 12 })).map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`),
  members: fc.array(member, { minLength: 1, maxLength: 25 }),
  method: fc.constantFrom<Method>(...SAVINGS_INTEREST_METHODS.map((m) => ({ kind: 'savings' as const, m })), ...SHARE_DIVIDEND_METHODS.map((m) => ({ kind: 'shares' as const, m }))),
  rateBp: fc.integer({ min: 0, max: 10_000 }),
  withholdingTaxBp: fc.constantFrom(0, 500, 1_000, 1_234, 10_000),
  votedDifferenceKobo: fc.integer({ min: -3, max: 3 }),
});

function grossOf(balances: YearBalances, method: Method, rateBp: number) {
  return method.kind === 'savings' ? savingsInterest(balances, method.m, rateBp) : shareDividend(balances, method.m, rateBp);
}

describe('a year end for random years', () => {
  it('reads balances as the day-by-day count does, rounds every member within half a kobo (half up), and pays out exactly what was appropriated', () => {
    fc.assert(
      fc.property(yearEnd, ({ firstMonth, members, method, rateBp, withholdingTaxBp, votedDifferenceKobo }) => {
        const year = financialYear(firstMonth);
        const lines = members.map(({ openingKobo, movements }, index) => {
          const dated = movements.map(({ day, amountKobo }) => ({ valueDate: yearDates(year)[day] ?? year.to, amountKobo }));
          const balances = yearBalances(year, openingKobo, dated);
          const slow = dayByDay(year, openingKobo, dated);
          expect(balances.balanceDaysKobo).toBe(slow.balanceDays);
          expect(balances.monthlyMinimumsKobo).toEqual(slow.lowest);
          expect(balances.monthEndsKobo).toEqual(slow.ends);
          expect(balances.closingKobo).toBe(slow.ends[11]);
          const sliceKobo = balances.slices.reduce((sum, slice) => sum + slice.amountKobo * slice.months, 0);
          expect(sliceKobo).toBe(slow.lowest.reduce((sum, lowest) => sum + Math.max(0, lowest), 0));
          return { memberId: index, ...grossOf(balances, method, rateBp) };
        });

        for (const line of lines) {
          // Half up: the kobo is at most half a kobo below the exact figure and less than half above it.
          const twiceGap = 2n * (BigInt(line.grossKobo) * line.exact.denominator - line.exact.numerator);
          expect(twiceGap > -line.exact.denominator && twiceGap <= line.exact.denominator).toBe(true);
        }

        const atRate = distributeYearEnd({ appropriatedKobo: 0, withholdingTaxBp, members: lines }).atRateKobo;
        const appropriatedKobo = Math.max(0, atRate + votedDifferenceKobo);
        const distribution = distributeYearEnd({ appropriatedKobo, withholdingTaxBp, members: lines });
        const nets = distribution.lines.reduce((sum, line) => sum + line.netKobo, 0);
        const taxes = distribution.lines.reduce((sum, line) => sum + line.taxKobo, 0);
        expect(nets + taxes + distribution.roundingKobo).toBe(appropriatedKobo);
        expect(distribution.problem === null).toBe(appropriatedKobo === atRate);
        // Rounding alone moves the sum by at most half a kobo a member, and the rate's total by half a kobo.
        expect(2 * Math.abs(distribution.roundingKobo)).toBeLessThanOrEqual(lines.length + 1 + 2 * Math.abs(appropriatedKobo - atRate));
      }),
      { numRuns: 300, seed: 31 },
    );
  }, 60_000);
});
