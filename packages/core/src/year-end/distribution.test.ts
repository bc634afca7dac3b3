import { describe, expect, it } from 'vitest';
import { distributeYearEnd, withholdingTax } from './distribution.ts';
import { exactKobo } from './exact.ts';

describe('withholding tax', () => {
  it('is taken from the gross, half up: ₦2,666.67 at 10% → ₦266.67, net ₦2,400.00', () => {
    expect(withholdingTax(266_667, 1_000)).toBe(26_667);
  });

  it('is nothing at the default 0%', () => {
    expect(withholdingTax(266_667, 0)).toBe(0);
  });
});

describe('sharing an appropriated amount', () => {
  // Three members whose exact dividends are ₦2,666.6667, ₦1,333.3333 and ₦1,000.005: ₦5,000.005 in all.
  const members = [
    { memberId: 'b', exact: exactKobo(32_000_000n, 120n) },
    { memberId: 'c', exact: exactKobo(16_000_000n, 120n) },
    { memberId: 'd', exact: exactKobo(100_000_500n, 1_000n) },
  ];

  it('rounds each member half up, takes the tax, and sends the rest to the rounding account', () => {
    const distribution = distributeYearEnd({ appropriatedKobo: 500_001, withholdingTaxBp: 1_000, members });
    expect(distribution.lines.map(({ memberId, grossKobo, taxKobo, netKobo }) => ({ memberId, grossKobo, taxKobo, netKobo }))).toEqual([
      { memberId: 'b', grossKobo: 266_667, taxKobo: 26_667, netKobo: 240_000 },
      { memberId: 'c', grossKobo: 133_333, taxKobo: 13_333, netKobo: 120_000 },
      { memberId: 'd', grossKobo: 100_001, taxKobo: 10_000, netKobo: 90_001 },
    ]);
    expect(distribution).toMatchObject({ grossKobo: 500_001, taxKobo: 50_000, netKobo: 450_001, roundingKobo: 0, atRateKobo: 500_001, problem: null });
  });

  it('keeps what rounding leaves in the rounding account', () => {
    const twoThirds = [{ exact: exactKobo(2n, 3n) }, { exact: exactKobo(2n, 3n) }, { exact: exactKobo(2n, 3n) }];
    // Each ₦0.0067 rounds to ₦0.01; the three exactly make ₦0.02, the amount voted.
    expect(distributeYearEnd({ appropriatedKobo: 2, withholdingTaxBp: 0, members: twoThirds })).toMatchObject({ grossKobo: 3, roundingKobo: -1, atRateKobo: 2, problem: null });
  });

  it('says so beside the amount when it is not what the rate gives', () => {
    const distribution = distributeYearEnd({ appropriatedKobo: 500_000, withholdingTaxBp: 0, members });
    expect(distribution.problem).toBe("At this rate the members' gross comes to ₦5,000.01, not the ₦5,000.00 appropriated");
  });

  it('refuses an amount or a tax rate that is not whole kobo or basis points in range', () => {
    expect(() => distributeYearEnd({ appropriatedKobo: -1, withholdingTaxBp: 0, members })).toThrow(RangeError);
    expect(() => distributeYearEnd({ appropriatedKobo: 500_001, withholdingTaxBp: 10_001, members })).toThrow(RangeError);
  });
});
