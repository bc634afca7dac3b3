import { describe, expect, it } from 'vitest';
import { financialYear, heldSlices, yearBalances, yearBalancesByDay, yearCalendar } from './balances.ts';

const year2026 = financialYear('2026-01');

describe('the financial year', () => {
  it('is twelve months from the first of the scheme’s first month', () => {
    expect(year2026).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(financialYear('2027-04')).toEqual({ from: '2027-04-01', to: '2028-03-31' });
  });

  it('is refused for anything but a month', () => {
    expect(() => financialYear('2026-13')).toThrow(RangeError);
    expect(() => financialYear('2026-01-01')).toThrow(RangeError);
  });
});

describe('a year’s balances by value date', () => {
  // COOPERATIVE.md member A: ₦100,000 from 1 Jan, ₦50,000 more valued 1 Jul.
  const memberA = yearBalances(year2026, 10_000_000, [{ valueDate: '2026-07-01', amountKobo: 5_000_000 }]);

  it('sum each day’s closing balance: 100,000 × 181 + 150,000 × 184 naira-days', () => {
    expect(memberA.days).toBe(365);
    expect(memberA.balanceDaysKobo).toBe(4_570_000_000n);
  });

  it('keep each month’s lowest balance, its month-end and the closing balance', () => {
    expect(memberA.monthlyMinimumsKobo).toEqual([
      10_000_000, 10_000_000, 10_000_000, 10_000_000, 10_000_000, 10_000_000,
      15_000_000, 15_000_000, 15_000_000, 15_000_000, 15_000_000, 15_000_000,
    ]);
    expect(memberA.monthEndsKobo).toEqual(memberA.monthlyMinimumsKobo);
    expect(memberA.closingKobo).toBe(15_000_000);
  });

  it('take movements in any order, several on a day, and a dip inside a month as its minimum', () => {
    const balances = yearBalances(year2026, 0, [
      { valueDate: '2026-03-20', amountKobo: -30_000 },
      { valueDate: '2026-03-10', amountKobo: 100_000 },
      { valueDate: '2026-03-10', amountKobo: 50_000 },
      { valueDate: '2026-03-25', amountKobo: 30_000 },
    ]);
    // 150,000 kobo for 10 days (10–19 Mar), 120,000 for 5 (20–24), 150,000 for 282 (25 Mar–31 Dec).
    expect(balances.balanceDaysKobo).toBe(1_500_000n + 600_000n + 42_300_000n);
    expect(balances.monthlyMinimumsKobo.slice(1, 4)).toEqual([0, 0, 150_000]);
    expect(balances.monthEndsKobo.slice(1, 4)).toEqual([0, 150_000, 150_000]);
  });

  it('count the first and last days of the year', () => {
    const balances = yearBalances(year2026, 0, [
      { valueDate: '2026-01-01', amountKobo: 1_000 },
      { valueDate: '2026-12-31', amountKobo: 500 },
    ]);
    expect(balances.balanceDaysKobo).toBe(365_000n + 500n);
    expect(balances.monthlyMinimumsKobo[0]).toBe(1_000);
    expect(balances.monthlyMinimumsKobo[11]).toBe(1_000);
    expect(balances.closingKobo).toBe(1_500);
  });

  it('run a year from April over 29 February: 366 days', () => {
    const balances = yearBalances(financialYear('2027-04'), 10_000_000, [{ valueDate: '2028-02-29', amountKobo: 100 }]);
    expect(balances.days).toBe(366);
    expect(balances.balanceDaysKobo).toBe(3_660_000_000n + 3_200n);
    expect(balances.monthEndsKobo[10]).toBe(10_000_100);
    expect(balances.monthlyMinimumsKobo[10]).toBe(10_000_000);
  });

  it('refuse a movement outside the year or a balance that is not whole kobo', () => {
    expect(() => yearBalances(year2026, 0, [{ valueDate: '2027-01-01', amountKobo: 1 }])).toThrow(RangeError);
    expect(() => yearBalances(year2026, 0, [{ valueDate: '2025-12-31', amountKobo: 1 }])).toThrow(RangeError);
    expect(() => yearBalances(year2026, 0.5, [])).toThrow(RangeError);
    expect(() => yearBalances({ from: '2026-01-15', to: '2027-01-14' }, 0, [])).toThrow(RangeError);
  });
});

describe('shares held through whole months', () => {
  it('count a purchase on 15 Apr from May and one on 1 Apr from April (COOPERATIVE.md member B)', () => {
    const memberB = yearBalances(year2026, 2_000_000, [{ valueDate: '2026-04-15', amountKobo: 1_000_000 }]);
    expect(memberB.slices).toEqual([
      { amountKobo: 2_000_000, firstMonth: 0, months: 12 },
      { amountKobo: 1_000_000, firstMonth: 4, months: 8 },
    ]);
    const onTheFirst = yearBalances(year2026, 2_000_000, [{ valueDate: '2026-04-01', amountKobo: 1_000_000 }]);
    expect(onTheFirst.slices[1]).toEqual({ amountKobo: 1_000_000, firstMonth: 3, months: 9 });
  });

  it('end the newest slice first when shares leave', () => {
    // 20,000 all year, 10,000 bought in Feb (held Mar–), 15,000 transferred out in Sep.
    expect(heldSlices([2_000_000, 2_000_000, 3_000_000, 3_000_000, 3_000_000, 3_000_000, 3_000_000, 3_000_000, 1_500_000, 1_500_000, 1_500_000, 1_500_000])).toEqual([
      { amountKobo: 1_500_000, firstMonth: 0, months: 12 },
      { amountKobo: 500_000, firstMonth: 0, months: 8 },
      { amountKobo: 1_000_000, firstMonth: 2, months: 6 },
    ]);
  });
});

describe('balances from day numbers (what the run\'s query answers)', () => {
  it('read member A the same as from dates, and refuse days out of order or outside the year', () => {
    const calendar = yearCalendar(year2026);
    // 1 Jul 2026 is day 181.
    const byDay = yearBalancesByDay(calendar, 10_000_000, [{ day: 181, amountKobo: 5_000_000 }]);
    expect(byDay).toEqual(yearBalances(year2026, 10_000_000, [{ valueDate: '2026-07-01', amountKobo: 5_000_000 }]));
    expect(byDay.balanceDaysKobo).toBe(4_570_000_000n);
    expect(() => yearBalancesByDay(calendar, 0, [{ day: 5, amountKobo: 1 }, { day: 5, amountKobo: 1 }])).toThrow(RangeError);
    expect(() => yearBalancesByDay(calendar, 0, [{ day: 365, amountKobo: 1 }])).toThrow(RangeError);
  });
});
