import { describe, expect, it } from 'vitest';
import { belowMinimum, shareContributionFor, shareShortfallKobo, sharesHeld } from './shares.ts';
import { shares } from './test-products.ts';

const heldAsAmount = { sharePriceKobo: null, minimumHoldingKobo: 2_500_000 };
const noMinimum = { sharePriceKobo: null, minimumHoldingKobo: null };

describe('shares held', () => {
  it('are whole shares at the price: ₦24,500 at ₦1,000 a share is 24 shares', () => {
    expect(sharesHeld(2_450_000, shares)).toBe(24);
    expect(sharesHeld(2_500_000, shares)).toBe(25);
    expect(sharesHeld(0, shares)).toBe(0);
  });

  it('are not counted when shares are held as a naira amount', () => {
    expect(sharesHeld(2_450_000, heldAsAmount)).toBeNull();
  });
});

describe('the minimum holding', () => {
  it('is short by what the holding lacks: ₦24,500 of ₦25,000 lacks ₦500', () => {
    expect(shareShortfallKobo(2_450_000, shares)).toBe(50_000);
    expect(belowMinimum(2_450_000, shares)).toBe(true);
  });

  it('is met at or above it', () => {
    expect(shareShortfallKobo(2_500_000, shares)).toBe(0);
    expect(belowMinimum(2_500_000, shares)).toBe(false);
    expect(shareShortfallKobo(3_000_000, heldAsAmount)).toBe(0);
  });

  it('is never missed when there is none', () => {
    expect(shareShortfallKobo(0, noMinimum)).toBe(0);
    expect(belowMinimum(0, noMinimum)).toBe(false);
  });
});

describe('the monthly share contribution', () => {
  it('is taken only until the minimum is reached (₦1,000 a month, minimum ₦25,000)', () => {
    expect(shareContributionFor(100_000, 2_000_000, shares)).toBe(100_000);
    expect(shareContributionFor(100_000, 2_450_000, shares)).toBe(50_000);
    expect(shareContributionFor(100_000, 2_500_000, shares)).toBe(0);
    expect(shareContributionFor(100_000, 2_600_000, shares)).toBe(0);
  });

  it('is taken every month when there is no minimum', () => {
    expect(shareContributionFor(100_000, 9_000_000, noMinimum)).toBe(100_000);
  });
});
