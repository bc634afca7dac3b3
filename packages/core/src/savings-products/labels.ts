import { formatRate } from '../loans/labels.ts';
import { formatNaira } from '../money.ts';
import type { PayoutDestination, PenaltyRule, SavingsProduct, SavingsProductKind } from './products.ts';

/** How every screen and sheet names a savings product's kind and rules (COOPERATIVE.md "Kinds of saving"). */
export const SAVINGS_PRODUCT_KIND_LABELS: Record<SavingsProductKind, string> = {
  shares: 'Share capital',
  ordinary: 'Ordinary savings',
  target: 'Target savings',
  fixed: 'Fixed deposit',
};

/** Where a target product's balances go on its pay-out day. */
export const PAYOUT_TO_LABELS: Record<PayoutDestination, string> = {
  ordinary: 'Moved to ordinary savings',
  out: 'Paid out to the member',
};

/** A penalty as people say it: '5%', '2.5%', '₦500.00', or 'No penalty'. */
export function describePenalty(penalty: PenaltyRule | null): string {
  if (!penalty) return 'No penalty';
  return penalty.kind === 'percent' ? formatRate(penalty.basisPoints) : formatNaira(penalty.kobo);
}

const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day of the year as the app writes days, without the year: '12-01' → '1 Dec'. */
export function dayOfYearLabel(dayOfYear: string): string {
  return `${Number(dayOfYear.slice(3))} ${MONTH_SHORT[Number(dayOfYear.slice(0, 2)) - 1] ?? dayOfYear}`;
}

/** A target product's window: '1 Dec – 31 Dec'; '' for a product without one. */
export function windowLabel(product: Pick<SavingsProduct, 'windowOpens' | 'windowCloses'>): string {
  if (!product.windowOpens || !product.windowCloses) return '';
  return `${dayOfYearLabel(product.windowOpens)} – ${dayOfYearLabel(product.windowCloses)}`;
}
