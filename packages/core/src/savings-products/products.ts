import type { Kobo } from '../money.ts';
import type { IsoDate } from '../periods.ts';

/**
 * Savings products (issue 29; COOPERATIVE.md "Kinds of saving"): share capital, ordinary savings,
 * target savings and fixed deposits. A member holds one account per product, each a sub-ledger
 * account under the product's control account. Amounts are kobo, rates basis points, days of the
 * year 'MM-DD': no rule is ever a float.
 */
export const SAVINGS_PRODUCT_KINDS = ['shares', 'ordinary', 'target', 'fixed'] as const;
export type SavingsProductKind = (typeof SAVINGS_PRODUCT_KINDS)[number];

/** The product every existing account belongs to: members' ordinary savings (migration seeds it). */
export const ORDINARY_SAVINGS_PRODUCT_ID = '00000000-0000-4000-8000-000000000001';

/** Where a target product's balances go on its pay-out day. */
export const PAYOUT_DESTINATIONS = ['ordinary', 'out'] as const;
export type PayoutDestination = (typeof PAYOUT_DESTINATIONS)[number];

export type PenaltyRule = { kind: 'percent'; basisPoints: number } | { kind: 'fixed'; kobo: number };

export type SavingsProduct = {
  id: string;
  name: string;
  kind: SavingsProductKind;
  controlAccountId: string;
  /** shares: price per share; null = held as a naira amount. */
  sharePriceKobo: number | null;
  /** shares: minimum holding (kobo); null = no minimum. */
  minimumHoldingKobo: number | null;
  /** target: 'MM-DD', the first day withdrawals are allowed. */
  windowOpens: string | null;
  /** target: 'MM-DD', the last day; the window never wraps the year end (opens <= closes). */
  windowCloses: string | null;
  /** target: 'MM-DD', the day balances move out; within the window. */
  payoutOn: string | null;
  payoutTo: PayoutDestination | null;
  /** target: early withdrawal allowed (with the penalty, if any). */
  earlyWithdrawal: boolean;
  /** target early withdrawal / fixed early break; null = none. */
  penalty: PenaltyRule | null;
  /** The income account the penalty goes to. */
  penaltyAccountId: string | null;
  /** fixed: interest rate, basis points (12% is 1,200). */
  annualRateBp: number | null;
  /** fixed: default term at opening (1..120). */
  termMonths: number | null;
  retiredAt: string | null;
};

/** The rules the admin's form gives: a product less what the database gives it (id, retirement). */
export type SavingsProductRules = Omit<SavingsProduct, 'id' | 'retiredAt'>;

/** A fixed deposit's terms, fixed when the account is opened. */
export type FixedDepositTerms = { principalKobo: number; openedOn: IsoDate; maturesOn: IsoDate; annualRateBp: number };

/**
 * The control account the admin's form sends for "A new account": the API then opens one in the
 * scheme's chart, named after the product (equity for shares, a liability otherwise).
 */
export const NEW_CONTROL_ACCOUNT = 'new';

export const MAX_SAVINGS_PRODUCT_NAME_LENGTH = 60;
export const MAX_FIXED_TERM_MONTHS = 120;

/** numerator ÷ denominator, rounded half up to a whole number (both non-negative). */
export function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/**
 * What a penalty rule takes from `amountKobo`: a percentage rounded half up to the kobo, or the
 * fixed amount; never more than the amount itself (a penalty cannot leave a member owing).
 */
export function penaltyOn(penalty: PenaltyRule | null, amountKobo: number): Kobo {
  if (!penalty || amountKobo <= 0) return 0 as Kobo;
  const owed = penalty.kind === 'fixed' ? penalty.kobo : divideHalfUp(BigInt(amountKobo) * BigInt(penalty.basisPoints), 10_000n);
  return Math.min(owed, amountKobo) as Kobo;
}
