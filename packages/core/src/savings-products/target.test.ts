import { describe, expect, it } from 'vitest';
import { earlyWithdrawalPenalty, isDayOfYear, isEarlyWithdrawal, isInWindow, nextPayoutDate, nextWindowOpening, targetWindow } from './target.ts';
import { christmas, ordinary, schoolFees } from './test-products.ts';

describe('a target product’s window', () => {
  it('is the days of the year on the given year', () => {
    expect(targetWindow(christmas, 2026)).toEqual({ opens: '2026-12-01', closes: '2026-12-31', payoutOn: '2026-12-15' });
    expect(targetWindow(schoolFees, 2027)).toEqual({ opens: '2027-08-01', closes: '2027-09-15', payoutOn: '2027-09-01' });
  });

  it.each([
    ['2026-11-30', false],
    ['2026-12-01', true],
    ['2026-12-31', true],
    ['2027-01-01', false],
  ])('on %s is open: %s', (day, open) => {
    expect(isInWindow(christmas, day)).toBe(open);
  });

  it('spans months: 1 Aug to 15 Sep', () => {
    expect(isInWindow(schoolFees, '2027-07-31')).toBe(false);
    expect(isInWindow(schoolFees, '2027-08-31')).toBe(true);
    expect(isInWindow(schoolFees, '2027-09-15')).toBe(true);
    expect(isInWindow(schoolFees, '2027-09-16')).toBe(false);
  });

  it('cannot be read from a product without one', () => {
    expect(() => targetWindow(ordinary, 2026)).toThrow(RangeError);
  });
});

describe('the next pay-out day', () => {
  it('is this year’s until it has passed, then next year’s', () => {
    expect(nextPayoutDate(christmas, '2026-01-01')).toBe('2026-12-15');
    expect(nextPayoutDate(christmas, '2026-12-15')).toBe('2026-12-15');
    expect(nextPayoutDate(christmas, '2026-12-16')).toBe('2027-12-15');
  });
});

describe('the next window to open', () => {
  it('is this year’s until it has closed, then next year’s', () => {
    expect(nextWindowOpening(christmas, '2026-03-10')).toBe('2026-12-01');
    expect(nextWindowOpening(schoolFees, '2027-09-16')).toBe('2028-08-01');
  });
});

describe('early withdrawal', () => {
  it('is a withdrawal from a target product outside its window', () => {
    expect(isEarlyWithdrawal(schoolFees, '2027-03-01')).toBe(true);
    expect(isEarlyWithdrawal(schoolFees, '2027-08-01')).toBe(false);
    expect(isEarlyWithdrawal(ordinary, '2027-03-01')).toBe(false);
  });

  it('costs the percentage, rounded half up to the kobo', () => {
    // 5% of ₦10,000.00 is ₦500.00; 5% of ₦0.10 is 0.5 kobo → 1 kobo; 5% of ₦0.09 is 0.45 kobo → 0.
    expect(earlyWithdrawalPenalty(schoolFees, 1_000_000)).toBe(50_000);
    expect(earlyWithdrawalPenalty(schoolFees, 10)).toBe(1);
    expect(earlyWithdrawalPenalty(schoolFees, 9)).toBe(0);
    // 5% of ₦1,234.50 is ₦61.725 → ₦61.73.
    expect(earlyWithdrawalPenalty(schoolFees, 123_450)).toBe(6_173);
  });

  it('costs a fixed amount, never more than the amount withdrawn', () => {
    const flat = { penalty: { kind: 'fixed' as const, kobo: 50_000 } };
    expect(earlyWithdrawalPenalty(flat, 2_000_000)).toBe(50_000);
    expect(earlyWithdrawalPenalty(flat, 30_000)).toBe(30_000);
  });

  it('costs nothing without a penalty', () => {
    expect(earlyWithdrawalPenalty(christmas, 2_000_000)).toBe(0);
  });
});

describe('a day of the year', () => {
  it.each([
    ['12-01', true],
    ['02-28', true],
    ['02-29', false],
    ['04-31', false],
    ['13-01', false],
    ['1-1', false],
    [null, false],
  ])('%s is one: %s', (value, ok) => {
    expect(isDayOfYear(value)).toBe(ok);
  });
});
