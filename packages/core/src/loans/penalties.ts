import { formatNaira, type Kobo } from '../money.ts';
import { addDays, type IsoDate } from '../periods.ts';
import { addMonths } from '../savings-products/fixed.ts';
import { formatRate } from './labels.ts';

/**
 * A product's penalty on an instalment overdue beyond a grace period (issue 33, "Penalties";
 * docs/decisions/053-loan-penalties.md): a flat amount or a percentage of the overdue amount,
 * charged once or once per month overdue, capped per instalment at an amount or a percentage of
 * the instalment. Penalties are paid first by a repayment, or after the principal due, as the
 * product says.
 */
export const LOAN_PENALTY_KINDS = ['none', 'flat', 'percent'] as const;
export type PenaltyKind = (typeof LOAN_PENALTY_KINDS)[number];
export const LOAN_PENALTY_FREQUENCIES = ['once', 'monthly'] as const;
export type PenaltyFrequency = (typeof LOAN_PENALTY_FREQUENCIES)[number];
export const LOAN_PENALTY_CAP_KINDS = ['none', 'amount', 'percent'] as const;
export type PenaltyCapKind = (typeof LOAN_PENALTY_CAP_KINDS)[number];
export const PENALTY_ORDERS = ['first', 'after_principal'] as const;
export type PenaltyOrder = (typeof PENALTY_ORDERS)[number];

export type LoanPenaltyRule = {
  kind: 'flat' | 'percent';
  /** Kobo for a flat penalty; basis points of the overdue amount for a percentage. */
  value: number;
  frequency: PenaltyFrequency;
  graceDays: number;
  /** Per instalment: kobo for 'amount', basis points of the instalment for 'percent'. */
  cap: { kind: 'amount'; amount: Kobo } | { kind: 'percent'; basisPoints: number } | null;
  order: PenaltyOrder;
};

export const MAX_PENALTY_GRACE_DAYS = 365;
/** A monthly penalty stops after ten years of arrears even uncapped: no loan runs longer. */
const MAX_CHARGES_PER_INSTALMENT = 120;

/** An instalment as the penalty sees it: its whole amount and what was paid towards it, when. */
export type PenaltyInstalment = {
  number: number;
  dueDate: IsoDate;
  /** Principal plus interest scheduled (less interest waived by early repayment). */
  amount: Kobo;
  payments: readonly { date: IsoDate; amount: Kobo }[];
};

export type PenaltyCharge = { instalment: number; chargeNumber: number; chargeDate: IsoDate; amount: Kobo };

/** Half up, in integers: `amount` × `basisPoints` ÷ 10,000. */
function percentOf(amount: number, basisPoints: number): number {
  return Number((2n * BigInt(amount) * BigInt(basisPoints) + 10_000n) / 20_000n);
}

/** The most one instalment may be charged in penalties; null when uncapped. */
export function penaltyCap(rule: LoanPenaltyRule, instalmentAmount: Kobo): Kobo | null {
  if (!rule.cap) return null;
  return (rule.cap.kind === 'amount' ? rule.cap.amount : percentOf(instalmentAmount, rule.cap.basisPoints)) as Kobo;
}

/**
 * Every penalty charge that should exist by `asOf`, oldest instalment first: charge 1 the day after
 * the grace period ends, each later one (monthly penalties) a month after the one before, each
 * while the instalment is still overdue that day, a percentage taken of what is overdue on it, the
 * last one cut to what the cap leaves. Pure and idempotent: the same inputs give the same charges,
 * and a later `asOf` only adds charges after them (the daily job inserts the missing ones).
 */
export function penaltyCharges(instalments: readonly PenaltyInstalment[], rule: LoanPenaltyRule | null, asOf: IsoDate): PenaltyCharge[] {
  if (!rule) return [];
  const charges: PenaltyCharge[] = [];
  for (const instalment of instalments) {
    const cap = penaltyCap(rule, instalment.amount);
    const firstDate = addDays(instalment.dueDate, rule.graceDays + 1);
    let charged = 0;
    for (let chargeNumber = 1; chargeNumber <= MAX_CHARGES_PER_INSTALMENT; chargeNumber += 1) {
      const chargeDate = chargeNumber === 1 ? firstDate : addMonths(firstDate, chargeNumber - 1);
      if (chargeDate > asOf || (chargeNumber > 1 && rule.frequency === 'once')) break;
      const paid = instalment.payments.reduce((sum, payment) => (payment.date <= chargeDate ? sum + payment.amount : sum), 0);
      const overdue = instalment.amount - paid;
      // Paid up by this day: no charge, and none later (a payment is never taken back by time).
      if (overdue <= 0) break;
      let amount = rule.kind === 'flat' ? rule.value : percentOf(overdue, rule.value);
      if (cap !== null) amount = Math.min(amount, cap - charged);
      if (amount <= 0) break;
      charged += amount;
      charges.push({ instalment: instalment.number, chargeNumber, chargeDate, amount: amount as Kobo });
    }
  }
  return charges;
}

/** A product's penalty rule in a phrase: 'No penalty', '2% of the overdue amount a month after 7 days' grace, capped at 10% of the instalment'. */
export function formatPenaltyRule(rule: LoanPenaltyRule | null): string {
  if (!rule) return 'No penalty';
  const what = rule.kind === 'flat' ? formatNaira(rule.value as Kobo) : `${formatRate(rule.value)} of the overdue amount`;
  const when = rule.frequency === 'monthly' ? ' a month' : ' once';
  const grace = rule.graceDays === 0 ? '' : ` after ${rule.graceDays} days' grace`;
  const cap = !rule.cap ? '' : rule.cap.kind === 'amount' ? `, capped at ${formatNaira(rule.cap.amount)}` : `, capped at ${formatRate(rule.cap.basisPoints)} of the instalment`;
  const order = rule.order === 'after_principal' ? '; paid after the principal due' : '';
  return `${what}${when}${grace}${cap}${order}`;
}

// Worded apart from the fee's 'Percentage' and 'Fixed amount', so each radio's name is its own.
export const PENALTY_KIND_LABELS: Record<PenaltyKind, string> = { none: 'No penalty', flat: 'Flat sum', percent: '% of the overdue amount' };
export const PENALTY_FREQUENCY_LABELS: Record<PenaltyFrequency, string> = { once: 'Once', monthly: 'Every month overdue' };
export const PENALTY_CAP_LABELS: Record<PenaltyCapKind, string> = { none: 'No cap', amount: 'Sum per instalment', percent: '% of the instalment' };
export const PENALTY_ORDER_LABELS: Record<PenaltyOrder, string> = { first: 'Penalties first', after_principal: 'After the principal due' };

/** The penalty figures of a loan as its page shows them. */
export type PenaltySummary = { chargedKobo: Kobo; paidKobo: Kobo; waivedKobo: Kobo; outstandingKobo: Kobo };

/** The flash after a waiver: 'Penalties of ₦672.00 waived.' */
export const penaltyWaivedMessage = (amountKobo: number) => `Penalties of ${formatNaira(amountKobo as Kobo)} waived.`;
