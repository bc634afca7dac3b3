import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Kobo } from '../money.ts';
import { followingMonths, loanSchedule, type InterestMethod } from './schedule.ts';

const kobo = (value: number) => value as Kobo;
const rows = (schedule: ReturnType<typeof loanSchedule>) =>
  schedule.instalments.map(({ number, dueDate, principal, interest, total, principalAfter }) => [number, dueDate, principal, interest, total, principalAfter]);

describe('flat interest', () => {
  it("matches COOPERATIVE.md's example: ₦120,000 at 12% for 12 months is ₦14,400 of interest in 12 instalments of ₦11,200", () => {
    const schedule = loanSchedule({ principal: kobo(12_000_000), annualRateBp: 1200, months: 12, method: 'flat' }, '2026-11');
    expect(schedule.totalInterest).toBe(1_440_000);
    expect(schedule.totalRepayable).toBe(13_440_000);
    expect(schedule.monthlyInstalment).toBe(1_120_000);
    expect(schedule.instalments.map((row) => row.total)).toEqual(Array.from({ length: 12 }, () => 1_120_000));
    expect(schedule.instalments[0]).toEqual({ number: 1, dueDate: '2026-12-31', principal: 1_000_000, interest: 120_000, total: 1_120_000, principalAfter: 11_000_000 });
    expect(schedule.instalments[11]?.dueDate).toBe('2027-11-30');
    expect(schedule.instalments[11]?.principalAfter).toBe(0);
  });

  it('puts the rounding in the last instalment (worked by hand: ₦100,000 at 10% for 3 months)', () => {
    // Interest ₦100,000 × 10% × 3 ÷ 12 = ₦2,500.00. ₦100,000 ÷ 3 = ₦33,333.33 r 1 kobo; ₦2,500 ÷ 3 = ₦833.33 r 1 kobo.
    const schedule = loanSchedule({ principal: kobo(10_000_000), annualRateBp: 1000, months: 3, method: 'flat' }, '2027-01');
    expect(rows(schedule)).toEqual([
      [1, '2027-02-28', 3_333_333, 83_333, 3_416_666, 6_666_667],
      [2, '2027-03-31', 3_333_333, 83_333, 3_416_666, 3_333_334],
      [3, '2027-04-30', 3_333_334, 83_334, 3_416_668, 0],
    ]);
    expect(schedule.totalInterest).toBe(250_000);
  });
});

describe('reducing balance', () => {
  it("matches COOPERATIVE.md's example: ₦120,000 at 12% for 12 months", () => {
    const schedule = loanSchedule({ principal: kobo(12_000_000), annualRateBp: 1200, months: 12, method: 'reducing' }, '2026-11');
    expect(schedule.monthlyInstalment).toBe(1_066_185);
    expect(schedule.instalments.slice(0, 11).map((row) => row.total)).toEqual(Array.from({ length: 11 }, () => 1_066_185));
    expect(schedule.instalments[0]).toMatchObject({ interest: 120_000, principal: 946_185, principalAfter: 11_053_815 });
    expect(schedule.instalments[11]).toMatchObject({ interest: 10_556, principal: 1_055_635, total: 1_066_191, principalAfter: 0 });
    expect(schedule.totalInterest).toBe(794_226);
    expect(schedule.totalRepayable).toBe(12_794_226);
  });

  it('worked by hand: ₦1,000 at 12% for 2 months', () => {
    // A = 1,000 × 0.01 ÷ (1 − 1.01^−2) = ₦507.512… → ₦507.51; month 1 interest ₦10.00, month 2 ₦502.49 × 1% = ₦5.02.
    const schedule = loanSchedule({ principal: kobo(100_000), annualRateBp: 1200, months: 2, method: 'reducing' }, '2026-12');
    expect(rows(schedule)).toEqual([
      [1, '2027-01-31', 49_751, 1_000, 50_751, 50_249],
      [2, '2027-02-28', 50_249, 502, 50_751, 0],
    ]);
  });

  it('at 0% is the principal in equal parts, as flat is', () => {
    const schedule = loanSchedule({ principal: kobo(1_000), annualRateBp: 0, months: 3, method: 'reducing' }, '2026-01');
    expect(schedule.instalments.map((row) => [row.principal, row.interest])).toEqual([
      [333, 0],
      [333, 0],
      [334, 0],
    ]);
  });
});

describe('every schedule', () => {
  it('repays exactly the principal, charges exactly its interest, never goes negative, and ends near the others', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 100_000_000_000_000 }),
        fc.integer({ min: 0, max: 6000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom<InterestMethod>('flat', 'reducing'),
        (principal, annualRateBp, months, method) => {
          const schedule = loanSchedule({ principal: kobo(principal), annualRateBp, months, method }, '2026-06');
          const { instalments } = schedule;
          expect(instalments).toHaveLength(months);
          expect(instalments.reduce((sum, row) => sum + row.principal, 0)).toBe(principal);
          expect(instalments.reduce((sum, row) => sum + row.total, 0)).toBe(schedule.totalRepayable);
          expect(schedule.totalRepayable).toBe(principal + schedule.totalInterest);
          expect(instalments.filter((row) => row.principal < 0 || row.interest < 0 || !Number.isSafeInteger(row.total))).toEqual([]);
          // The last instalment is within one instalment of the others; at the rates schemes charge
          // (up to 36%) the rounding it gathers is at most two kobo a month.
          const last = instalments.at(-1)?.total ?? 0;
          const drift = Math.abs(last - schedule.monthlyInstalment);
          expect(drift).toBeLessThanOrEqual(annualRateBp <= 3600 ? Math.min(2 * months, schedule.monthlyInstalment) : schedule.monthlyInstalment);
          expect(instalments.at(-1)?.principalAfter).toBe(0);
        },
      ),
      { numRuns: 1000 },
    );
  }, 30_000);

  it('falls due at the end of each month after the disbursement, across a year end and a leap February', () => {
    expect(followingMonths('2027-11', 4)).toEqual(['2027-12', '2028-01', '2028-02', '2028-03']);
    const schedule = loanSchedule({ principal: kobo(400), annualRateBp: 0, months: 4, method: 'flat' }, '2027-11');
    expect(schedule.instalments.map((row) => row.dueDate)).toEqual(['2027-12-31', '2028-01-31', '2028-02-29', '2028-03-31']);
  });

  it.each([
    [{ principal: 0, annualRateBp: 1200, months: 12 }],
    [{ principal: 1.5, annualRateBp: 1200, months: 12 }],
    [{ principal: 100, annualRateBp: -1, months: 12 }],
    [{ principal: 100, annualRateBp: 1200, months: 0 }],
    [{ principal: 100, annualRateBp: 12.5, months: 12 }],
  ])('refuses terms that are not whole and positive: %o', (terms) => {
    expect(() => loanSchedule({ ...terms, principal: kobo(terms.principal), method: 'flat' }, '2026-01')).toThrow(RangeError);
  });
});
