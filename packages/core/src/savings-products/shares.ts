import type { Kobo } from '../money.ts';
import type { SavingsProduct } from './products.ts';

/**
 * Share capital: what makes a person a member and what dividends are paid on, held either as whole
 * shares at a price or as a naira amount, often up to a minimum built up monthly.
 */
type ShareRules = Pick<SavingsProduct, 'sharePriceKobo' | 'minimumHoldingKobo'>;

/** Whole shares a holding of `balanceKobo` buys; null when the product holds shares as a naira amount. */
export function sharesHeld(balanceKobo: number, product: Pick<SavingsProduct, 'sharePriceKobo'>): number | null {
  if (product.sharePriceKobo === null) return null;
  return Math.floor(Math.max(0, balanceKobo) / product.sharePriceKobo);
}

/** What the holding still lacks to reach the minimum; ₦0 at or above it, or when there is none. */
export function shareShortfallKobo(balanceKobo: number, product: ShareRules): Kobo {
  if (product.minimumHoldingKobo === null) return 0 as Kobo;
  return Math.max(0, product.minimumHoldingKobo - balanceKobo) as Kobo;
}

/** Whether the holding is below the product's minimum. */
export function belowMinimum(balanceKobo: number, product: ShareRules): boolean {
  return shareShortfallKobo(balanceKobo, product) > 0;
}

/**
 * This month's share contribution: the member's standing contribution, taken only until the
 * minimum is reached (₦1,000 a month, minimum ₦25,000, holding ₦24,500 → ₦500; at ₦25,000 → ₦0).
 * Without a minimum the standing contribution is taken every month.
 */
export function shareContributionFor(standingKobo: number, balanceKobo: number, product: ShareRules): Kobo {
  if (product.minimumHoldingKobo === null) return standingKobo as Kobo;
  return Math.min(standingKobo, shareShortfallKobo(balanceKobo, product)) as Kobo;
}
