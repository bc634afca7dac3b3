import { describe, expect, it } from 'vitest';
import { financialYear, yearBalances } from './balances.ts';
import { savingsInterest, shareDividend } from './methods.ts';

const year2026 = financialYear('2026-01');
// COOPERATIVE.md "The year end": member A's savings and member B's shares.
const memberA = yearBalances(year2026, 10_000_000, [{ valueDate: '2026-07-01', amountKobo: 5_000_000 }]);
const memberB = yearBalances(year2026, 2_000_000, [{ valueDate: '2026-04-15', amountKobo: 1_000_000 }]);

describe('interest on savings, member A at 2%', () => {
  it('on the average daily balance: 45,700,000 × 2% ÷ 365 = ₦2,504.1096 → ₦2,504.11', () => {
    const interest = savingsInterest(memberA, 'average_daily', 200);
    expect(interest.basis).toEqual({ numerator: 4_570_000_000n, denominator: 365n });
    expect(interest.exact).toEqual({ numerator: 914_000_000_000n, denominator: 3_650_000n });
    expect(interest.grossKobo).toBe(250_411);
  });

  it('on the minimum monthly balance: (6 × 100,000 + 6 × 150,000) × 2% ÷ 12 = ₦2,500.00', () => {
    const interest = savingsInterest(memberA, 'minimum_monthly', 200);
    expect(interest.basis).toEqual({ numerator: 150_000_000n, denominator: 12n });
    expect(interest.grossKobo).toBe(250_000);
  });

  it('on the closing balance: 150,000 × 2% = ₦3,000.00', () => {
    expect(savingsInterest(memberA, 'closing', 200).grossKobo).toBe(300_000);
  });
});

describe('dividend on shares, member B at 10%', () => {
  it('prorated by whole months held: 2,000.00 + 10,000 × 10% × 8 ÷ 12 = ₦2,666.6667 → ₦2,666.67', () => {
    const dividend = shareDividend(memberB, 'prorated_months', 1_000);
    expect(dividend.basis).toEqual({ numerator: 32_000_000n, denominator: 12n });
    expect(dividend.grossKobo).toBe(266_667);
  });

  it('on the average of the 12 month-ends: (3 × 20,000 + 9 × 30,000) ÷ 12 × 10% = ₦2,750.00', () => {
    expect(shareDividend(memberB, 'average_monthly', 1_000).grossKobo).toBe(275_000);
  });

  it('on the closing balance: 30,000 × 10% = ₦3,000.00', () => {
    expect(shareDividend(memberB, 'closing', 1_000).grossKobo).toBe(300_000);
  });
});

describe('the edges', () => {
  it('counts actual/365 in a leap year too: ₦100,000 held all 366 days of 2028 at 2% earns ₦2,005.48', () => {
    const balances = yearBalances(financialYear('2028-01'), 10_000_000, []);
    // 10,000,000 × 366 ÷ 365 × 2% = 200,547.945… kobo.
    expect(savingsInterest(balances, 'average_daily', 200).grossKobo).toBe(200_548);
  });

  it('a half kobo rounds up: ₦0.05 at 10% is ₦0.01 (0.5 kobo)', () => {
    expect(savingsInterest(yearBalances(year2026, 5, []), 'closing', 1_000).grossKobo).toBe(1);
    expect(savingsInterest(yearBalances(year2026, 4, []), 'closing', 1_000).grossKobo).toBe(0);
  });

  it('a rate of 0% pays nothing; a rate outside 0–100% or not whole basis points is refused', () => {
    expect(savingsInterest(memberA, 'average_daily', 0).grossKobo).toBe(0);
    expect(() => savingsInterest(memberA, 'average_daily', -1)).toThrow(RangeError);
    expect(() => shareDividend(memberB, 'closing', 10_001)).toThrow(RangeError);
    expect(() => shareDividend(memberB, 'closing', 2.5)).toThrow(RangeError);
  });

  it('the largest balance Kobo allows, ₦1 trillion all year at 100%, is exact: ₦1 trillion', () => {
    const balances = yearBalances(year2026, 100_000_000_000_000, []);
    expect(savingsInterest(balances, 'average_daily', 10_000).grossKobo).toBe(100_000_000_000_000);
  });
});
