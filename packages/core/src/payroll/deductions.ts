import { ORDINARY_SAVINGS_PRODUCT_ID } from '../savings-products/products.ts';

/**
 * The payroll loop's deductions (issue 30, docs/decisions/047-payroll-loop.md). A deduction is
 * named by a key: 'contribution:<product id>' (the month's standing contribution to a product),
 * 'arrears:<product id>' (contributions carried from earlier months) or 'loan' (what the member's
 * active loans have due on the run's value date, overdue instalments included).
 */
export type DeductionKind = 'contribution' | 'arrears' | 'loan';
export const LOAN_DEDUCTION_KEY = 'loan';
export const ALLOCATION_ORDERS = ['loans_first', 'savings_first'] as const;
export type AllocationOrder = (typeof ALLOCATION_ORDERS)[number];

export type DeductionKeyParts = { kind: DeductionKind; productId: string | null };

export function contributionKey(productId: string): string {
  return `contribution:${productId}`;
}
export function arrearsKey(productId: string): string {
  return `arrears:${productId}`;
}

const KEY_PATTERN = /^(contribution|arrears):([0-9a-f-]{36})$/;

/** A key's kind and product, or null when the text is no deduction's key. */
export function parseDeductionKey(key: string): DeductionKeyParts | null {
  if (key === LOAN_DEDUCTION_KEY) return { kind: 'loan', productId: null };
  const match = KEY_PATTERN.exec(key);
  return match ? { kind: match[1] as DeductionKind, productId: match[2] as string } : null;
}

/** 'Ordinary savings', 'Christmas savings arrears', 'Loan repayment'. */
export function deductionLabel(key: string, productNames: ReadonlyMap<string, string>): string {
  const parts = parseDeductionKey(key);
  if (!parts) return key;
  if (parts.kind === 'loan') return 'Loan repayment';
  const name = productNames.get(parts.productId as string) ?? 'Savings';
  return parts.kind === 'arrears' ? `${name} arrears` : name;
}

/**
 * The order payroll's money pays a member's deductions in. Loans first (the common by-law):
 * the loan, then each product's arrears (oldest debt first), then each product's contribution,
 * products in `productOrder` (ordinary savings first). Savings first puts the loan last.
 */
export function orderDeductionKeys(keys: readonly string[], order: AllocationOrder, productOrder: readonly string[]): string[] {
  const productRank = (productId: string | null) => {
    if (productId === ORDINARY_SAVINGS_PRODUCT_ID) return -1;
    const index = productOrder.indexOf(productId ?? '');
    return index === -1 ? productOrder.length : index;
  };
  const kindRank = (kind: DeductionKind) => (kind === 'loan' ? (order === 'loans_first' ? 0 : 3) : kind === 'arrears' ? 1 : 2);
  return keys.toSorted((a, b) => {
    const pa = parseDeductionKey(a);
    const pb = parseDeductionKey(b);
    if (!pa || !pb) return pa ? -1 : pb ? 1 : a.localeCompare(b);
    return kindRank(pa.kind) - kindRank(pb.kind) || productRank(pa.productId) - productRank(pb.productId) || a.localeCompare(b);
  });
}

/** One deduction as advised, in the allocation order. */
export type AdvisedDeduction = { key: string; amountKobo: number };

/**
 * What payroll remitted for a member, as the file's columns (or codes) group it: each part pays
 * the deductions it names (`keys`), or all of the member's deductions when `keys` is empty (a
 * total column, or an amount keyed on screen). Within a part, money pays its deductions in order.
 */
export type RemittedPart = { keys: readonly string[]; amountKobo: number };

export type DeductionOutcome = 'full' | 'short' | 'over';
export type MemberOutcome = 'full' | 'short' | 'over' | 'not_on_payroll' | 'unexpected';
export const MEMBER_OUTCOMES: readonly MemberOutcome[] = ['full', 'short', 'over', 'not_on_payroll', 'unexpected'];

export type MatchedDeduction = { key: string; advisedKobo: number; paidKobo: number; outcome: DeductionOutcome };
export type MemberMatch = {
  outcome: MemberOutcome;
  advisedKobo: number;
  remittedKobo: number;
  /** What pays advised deductions (posted to products and loans). */
  paidKobo: number;
  /** What advised deductions did not get. */
  shortKobo: number;
  /** Remitted beyond what was advised: held for an officer to refund or apply. */
  overKobo: number;
  deductions: MatchedDeduction[];
};

/**
 * Matches what payroll remitted for one member against what was advised. `advised` is in the
 * allocation order (orderDeductionKeys); `remitted` is null when payroll sent no line for the
 * member. A member with nothing advised whose line carries money is unexpected: all of it is over.
 * A deduction with a short payment stays short even when another part of the line was over.
 */
export function matchMember(advised: readonly AdvisedDeduction[], remitted: readonly RemittedPart[] | null): MemberMatch {
  const paid = new Map(advised.map((deduction) => [deduction.key, 0]));
  const advisedKobo = advised.reduce((sum, deduction) => sum + deduction.amountKobo, 0);
  let remittedKobo = 0;
  let overKobo = 0;
  const overKeys = new Set<string>();
  for (const part of remitted ?? []) {
    remittedKobo += part.amountKobo;
    let left = part.amountKobo;
    const named = part.keys.length === 0 ? advised : advised.filter((deduction) => part.keys.includes(deduction.key));
    for (const deduction of named) {
      const room = deduction.amountKobo - (paid.get(deduction.key) ?? 0);
      const take = Math.min(room, left);
      if (take <= 0) continue;
      paid.set(deduction.key, (paid.get(deduction.key) ?? 0) + take);
      left -= take;
    }
    overKobo += left;
    if (left > 0) for (const key of part.keys) overKeys.add(key);
  }
  const deductions = advised.map((deduction): MatchedDeduction => {
    const paidKobo = paid.get(deduction.key) ?? 0;
    // A column that carried more than its deduction marks it over; a total's excess is the member's.
    const outcome = paidKobo < deduction.amountKobo ? 'short' : overKeys.has(deduction.key) ? 'over' : 'full';
    return { key: deduction.key, advisedKobo: deduction.amountKobo, paidKobo, outcome };
  });
  const paidKobo = remittedKobo - overKobo;
  const shortKobo = advisedKobo - paidKobo;
  const outcome: MemberOutcome =
    remitted === null
      ? 'not_on_payroll'
      : advisedKobo === 0
        ? 'unexpected'
        : shortKobo > 0
          ? 'short'
          : overKobo > 0
            ? 'over'
            : 'full';
  return { outcome, advisedKobo, remittedKobo, paidKobo, shortKobo, overKobo, deductions };
}

/**
 * How old arrears are against a report's month, in the report's buckets: arisen 1, 2, or 3 or
 * more months before (arrears of the report's own month count as 1).
 */
export function arrearsAgeBucket(arose: string, asOf: string): 1 | 2 | 3 {
  const age = monthNumber(asOf) - monthNumber(arose);
  return age <= 1 ? 1 : age === 2 ? 2 : 3;
}

/** 'YYYY-MM' as a count of months, for differences. */
function monthNumber(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
}
