import { formatNaira, type Kobo } from '../money.ts';
import type { LoanPenaltyRule } from './penalties.ts';
import type { InterestMethod } from './schedule.ts';

/**
 * A loan product's rules (issue 12): what a scheme lends, for how long, against what. The multiple
 * of savings is kept in hundredths (2× is 200, 1.5× is 150) and rates in basis points, so no rule
 * is ever a float.
 */
export type LoanFee = { kind: 'percent'; basisPoints: number } | { kind: 'fixed'; amount: Kobo } | null;
/** What a repayment beyond what is due does: repays principal early (the term shortens) or is refused. */
export type OverpaymentRule = 'reduce_term' | 'refuse';
/**
 * What money paid before or beyond what is due does, when the product takes it (issue 26): pays
 * the next instalments in advance, in order, interest as scheduled (the default: what a treasurer
 * posting this month's deduction expects); repays principal from the last instalment back (the
 * term shortens); or lowers every instalment still ahead, keeping their number.
 */
export type EarlyPaymentRule = 'pay_ahead' | 'reduce_term' | 'reduce_instalment';
export const EARLY_PAYMENT_RULES = ['pay_ahead', 'reduce_term', 'reduce_instalment'] as const satisfies readonly EarlyPaymentRule[];

/**
 * Issue 33, "Products without interest" (docs/decisions/056): what a product charges for lending.
 * `interest`: a rate a year (every product before issue 33). `murabaha`: the scheme buys an item
 * and sells it at cost plus a markup fixed at the start. `qard_hasan`: no charge at all beyond at
 * most a fixed administrative fee.
 */
export const LOAN_KINDS = ['interest', 'murabaha', 'qard_hasan'] as const;
export type LoanKind = (typeof LOAN_KINDS)[number];
/** A murabaha product's late-payment charity donation: a percentage of the overdue amount or a fixed amount. */
export type LateCharity = LoanFee;

export type LoanProductRules = {
  name: string;
  method: InterestMethod;
  annualRateBp: number;
  maxMonths: number;
  /** Hundredths of the applicant's savings balance: 200 lends up to twice it. */
  savingsMultiple: number;
  maxAmount: Kobo;
  guarantorsRequired: number;
  fee: LoanFee;
  overpayment: OverpaymentRule;
  earlyPayment: EarlyPaymentRule;
  /**
   * Issue 29: the savings products whose balances the multiple is judged on; null (or absent) is
   * ordinary savings plus every shares product.
   */
  securityProductIds?: string[] | null;
  /** Issue 33: absent is `interest`, as every product before it. */
  kind?: LoanKind;
  /** Murabaha: the markup in basis points of the cost price, for the whole term (not a year): 15% is 1,500. */
  markupBp?: number | null;
  /** Murabaha: the late-payment charity donation, owed to charity, never income (null: none). */
  lateCharity?: LateCharity;
  /** Issue 33, penalties: absent or null charges none (docs/decisions/053). */
  penalty?: LoanPenaltyRule | null;
};

export const MAX_GUARANTORS = 3;
export const MAX_LOAN_MONTHS = 120;

/** The one-off processing fee on `principal`, to the nearest kobo. */
export function loanFee(fee: LoanFee, principal: Kobo): Kobo {
  if (!fee) return 0 as Kobo;
  if (fee.kind === 'fixed') return fee.amount;
  return Number((2n * BigInt(principal) * BigInt(fee.basisPoints) + 10_000n) / 20_000n) as Kobo;
}

/** Savings × the multiple: what the savings alone would support. */
function savingsSupport(savingsMultiple: number, savingsBalance: Kobo): number {
  // BigInt: ₦1 trillion of savings × 300 passes 2^53 before the division brings it back.
  return Number((BigInt(Math.max(0, savingsBalance)) * BigInt(savingsMultiple)) / 100n);
}

/**
 * The most an applicant with `savingsBalance` may borrow on this product: the multiple of their
 * savings less what they already owe or have asked for (`alreadyBorrowed`: the multiple covers
 * all their borrowing, not each loan), or the product's cap, whichever is less.
 */
export function maxLoanFor(product: Pick<LoanProductRules, 'savingsMultiple' | 'maxAmount'>, savingsBalance: Kobo, alreadyBorrowed = 0): Kobo {
  return Math.max(0, Math.min(savingsSupport(product.savingsMultiple, savingsBalance) - alreadyBorrowed, product.maxAmount)) as Kobo;
}

/** Issue 12's sentence for a withdrawal the balance covers but what loans hold does not. */
export function heldAgainstLoanMessage(heldKobo: Kobo): string {
  return `Insufficient available balance: ${formatNaira(heldKobo)} is held against a loan`;
}

/** '2×', '1.5×': the multiple as people say it. */
export function formatMultiple(savingsMultiple: number): string {
  return `${String(savingsMultiple / 100)}×`;
}

/**
 * Why an application is outside the product's limits, naming the limit; null when it is within
 * them. The term first (it does not depend on the amount), then the cap, then the savings multiple.
 */
export function loanLimitProblem(
  product: LoanProductRules,
  application: { amount: Kobo; months: number },
  savingsBalance: Kobo,
  alreadyBorrowed = 0,
): string | null {
  if (application.months > product.maxMonths) return `The longest term ${product.name} allows is ${product.maxMonths} months`;
  if (application.amount > product.maxAmount) return `${product.name} lends at most ${formatNaira(product.maxAmount)}`;
  const support = savingsSupport(product.savingsMultiple, savingsBalance);
  const bySavings = Math.max(0, support - alreadyBorrowed) as Kobo;
  if (application.amount > bySavings) {
    const basis = `${formatMultiple(product.savingsMultiple)} savings of ${formatNaira(savingsBalance)}`;
    return alreadyBorrowed > 0
      ? `At most ${formatNaira(bySavings)} can be borrowed: ${basis}, less ${formatNaira(alreadyBorrowed as Kobo)} already borrowed`
      : `At most ${formatNaira(bySavings)} can be borrowed: ${basis}`;
  }
  return null;
}

/**
 * The borrower's savings held against a loan: outstanding principal ÷ the product's multiple,
 * rounded up so the lien never falls a kobo short (COOPERATIVE.md "Loans").
 */
export function borrowerLien(outstandingPrincipal: Kobo, savingsMultiple: number): Kobo {
  if (outstandingPrincipal <= 0) return 0 as Kobo;
  const multiple = BigInt(savingsMultiple);
  return Number((BigInt(outstandingPrincipal) * 100n + multiple - 1n) / multiple) as Kobo;
}
