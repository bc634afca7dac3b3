import { describe, expect, it } from 'vitest';
import { averagePerDay, percentOf, sumKobo, withPercents } from './shares.ts';
import { MAX_AMOUNT_KOBO } from './money.ts';

describe('percentages from integer kobo, rounded once to one decimal', () => {
  it('rounds half up at the first decimal', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(1, 16)).toBe(6.3); // 6.25 → 6.3
    expect(percentOf(1, 2000)).toBe(0.1); // 0.05 → 0.1
    expect(percentOf(1, 2001)).toBe(0);
    expect(percentOf(5, 5)).toBe(100);
  });

  it('answers 0 for an empty total instead of dividing by zero', () => {
    expect(percentOf(0, 0)).toBe(0);
  });

  it('stays exact for amounts near the cap, where part × 1000 overflows a double', () => {
    const total = MAX_AMOUNT_KOBO * 80;
    expect(percentOf(MAX_AMOUNT_KOBO, total)).toBe(1.3); // 1.25 → 1.3
    expect(percentOf(total - 1, total)).toBe(100);
  });

  it('refuses fractions of kobo and negative amounts', () => {
    expect(() => percentOf(0.5, 10)).toThrow(RangeError);
    expect(() => percentOf(-1, 10)).toThrow(RangeError);
  });

  it('gives each share its percentage of the exact sum; rounded shares stay within ±0.05 each of 100', () => {
    const { totalKobo, shares } = withPercents([{ amountKobo: 100 }, { amountKobo: 100 }, { amountKobo: 100 }]);
    expect(totalKobo).toBe(300);
    expect(shares.map((share) => share.percent)).toEqual([33.3, 33.3, 33.3]);
    const sum = shares.reduce((acc, share) => acc + share.percent * 10, 0) / 10;
    expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.05 * shares.length);
  });
});

describe('sums and averages', () => {
  it('adds kobo exactly and refuses a sum a double cannot hold', () => {
    expect(sumKobo([10, 20, 30])).toBe(60);
    expect(sumKobo([])).toBe(0);
    expect(() => sumKobo([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });

  it('averages per day rounded half up to whole kobo', () => {
    expect(averagePerDay(1000, 3)).toBe(333);
    expect(averagePerDay(1001, 2)).toBe(501); // 500.5 → 501
    expect(averagePerDay(0, 31)).toBe(0);
    expect(averagePerDay(36_500, 365)).toBe(100);
    expect(() => averagePerDay(100, 0)).toThrow(RangeError);
  });
});
