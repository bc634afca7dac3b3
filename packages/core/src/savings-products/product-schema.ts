import { z } from 'zod';
import { whole } from '../loans/product-schema.ts';
import { MESSAGES } from '../messages.ts';
import { MAX_AMOUNT_KOBO, parseNaira } from '../money.ts';
import {
  MAX_FIXED_TERM_MONTHS,
  MAX_SAVINGS_PRODUCT_NAME_LENGTH,
  PAYOUT_DESTINATIONS,
  SAVINGS_PRODUCT_KINDS,
  type PayoutDestination,
  type PenaltyRule,
  type SavingsProductKind,
  type SavingsProductRules,
} from './products.ts';

/** How a share product is held: whole shares at a price, or a naira amount. */
export const SHARE_PRICINGS = ['per_share', 'amount'] as const;
export const PENALTY_KINDS = ['none', 'percent', 'fixed'] as const;

/** A figure with at most two decimals, as hundredths: '₦1,000' is 100,000 kobo, '2.5' (%) is 250 basis points. */
function hundredths(value: unknown): number | null {
  return typeof value === 'string' || typeof value === 'number' ? parseNaira(value) : null;
}

const inRange = (value: number | null, min: number, max: number) => value !== null && value >= min && value <= max;

/** A blank field: nothing typed. */
const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A day of the year as the form sends it, 'MM-DD' ('12-01', or '12-1') or { day, month }, read as
 * 'MM-DD'; null when it names no day of the calendar. 29 February is read, then refused by the
 * schema: a window must exist every year.
 */
export function readDayOfYear(value: unknown): string | null {
  let month: number | null = null;
  let day: number | null = null;
  if (typeof value === 'string') {
    const match = /^\s*(\d{1,2})-(\d{1,2})\s*$/.exec(value);
    if (match) [month, day] = [Number(match[1]), Number(match[2])];
  } else if (typeof value === 'object' && value !== null && 'day' in value && 'month' in value) {
    [month, day] = [whole(value.month, 1, 12), whole(value.day, 1, 31)];
  }
  if (month === null || day === null || month < 1 || month > 12 || day < 1) return null;
  // A leap year's month lengths: 29 February is a day of the calendar, just not of every year.
  if (day > new Date(Date.UTC(2024, month, 0)).getUTCDate()) return null;
  return `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The early-withdrawal switch as a form sends it; null when it is neither yes nor no. */
function readSwitch(value: unknown): boolean | null {
  if (value === true || value === 'true' || value === 'on') return true;
  if (value === false || value === 'false' || isBlank(value)) return false;
  return null;
}

/** An account chosen from a list: its id, or null when none was chosen. */
function readAccountId(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' && value.length <= 100 ? value.trim() : null;
}

/** Whether the product's kind takes a penalty: a target product allowing early withdrawal, or a fixed deposit. */
function takesPenalty(kind: unknown, earlyWithdrawal: unknown): boolean {
  return kind === 'fixed' || (kind === 'target' && readSwitch(earlyWithdrawal) === true);
}

const DAY_FIELDS = ['windowOpens', 'windowCloses', 'payoutOn'] as const;

/**
 * A savings product as the admin's form sends it (issue 29): amounts in naira, rates in %, days of
 * the year as 'MM-DD' or day and month. Each kind's own fields are required only for that kind.
 * Checked field by field in the form's order, each refusal on its field; toSavingsProductRules
 * gives the kobo and basis points.
 */
export const savingsProductSchema = z
  .object({
    name: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.unknown().optional()),
    kind: z.unknown().optional(),
    controlAccountId: z.unknown().optional(),
    sharePricing: z.unknown().optional(),
    sharePrice: z.unknown().optional(),
    minimumHolding: z.unknown().optional(),
    windowOpens: z.unknown().optional(),
    windowCloses: z.unknown().optional(),
    payoutOn: z.unknown().optional(),
    payoutTo: z.unknown().optional(),
    earlyWithdrawal: z.unknown().optional(),
    penaltyKind: z.unknown().optional(),
    penaltyValue: z.unknown().optional(),
    penaltyAccountId: z.unknown().optional(),
    annualRate: z.unknown().optional(),
    termMonths: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (typeof value.name !== 'string' || value.name === '') fail('name', MESSAGES.loanProductNameRequired);
    else if (value.name.length > MAX_SAVINGS_PRODUCT_NAME_LENGTH) fail('name', MESSAGES.loanProductNameTooLong);
    if (!(SAVINGS_PRODUCT_KINDS as readonly unknown[]).includes(value.kind)) fail('kind', MESSAGES.chooseSavingsProductKind);
    if (readAccountId(value.controlAccountId) === null) fail('controlAccountId', MESSAGES.savingsControlAccountRequired);

    if (value.kind === 'shares') {
      if (!(SHARE_PRICINGS as readonly unknown[]).includes(value.sharePricing)) fail('sharePricing', MESSAGES.chooseSharePricing);
      const price = hundredths(value.sharePrice);
      const pricedPerShare = value.sharePricing === 'per_share';
      if (pricedPerShare && !inRange(price, 1, MAX_AMOUNT_KOBO)) fail('sharePrice', MESSAGES.enterValidAmount);
      if (!isBlank(value.minimumHolding)) {
        const minimum = hundredths(value.minimumHolding);
        if (!inRange(minimum, 0, MAX_AMOUNT_KOBO)) fail('minimumHolding', MESSAGES.enterValidAmount);
        else if (pricedPerShare && inRange(price, 1, MAX_AMOUNT_KOBO) && (minimum as number) % (price as number) !== 0) {
          fail('minimumHolding', MESSAGES.minimumHoldingNotWholeShares);
        }
      }
    }

    if (value.kind === 'target') {
      const days = DAY_FIELDS.map((field) => {
        const day = readDayOfYear(value[field]);
        if (day === null) fail(field, MESSAGES.dayOfYearInvalid);
        else if (day === '02-29') fail(field, MESSAGES.dayOfYearLeapDay);
        return day === '02-29' ? null : day;
      });
      const [opens, closes, payoutOn] = days;
      if (opens && closes && closes < opens) fail('windowCloses', MESSAGES.windowClosesBeforeOpens);
      else if (opens && closes && payoutOn && (payoutOn < opens || payoutOn > closes)) fail('payoutOn', MESSAGES.payoutOutsideWindow);
      if (!(PAYOUT_DESTINATIONS as readonly unknown[]).includes(value.payoutTo)) fail('payoutTo', MESSAGES.choosePayoutTo);
      if (readSwitch(value.earlyWithdrawal) === null) fail('earlyWithdrawal', MESSAGES.earlyWithdrawalChoiceInvalid);
    }

    if (value.kind === 'fixed') {
      if (!inRange(hundredths(value.annualRate), 0, 10_000)) fail('annualRate', MESSAGES.loanRateInvalid);
      if (whole(value.termMonths, 1, MAX_FIXED_TERM_MONTHS) === null) fail('termMonths', MESSAGES.fixedTermInvalid);
    }

    if (takesPenalty(value.kind, value.earlyWithdrawal)) {
      const penaltyKind = isBlank(value.penaltyKind) ? 'none' : value.penaltyKind;
      if (!(PENALTY_KINDS as readonly unknown[]).includes(penaltyKind)) fail('penaltyKind', MESSAGES.penaltyKindInvalid);
      else if (penaltyKind === 'percent' && !inRange(hundredths(value.penaltyValue), 1, 10_000)) fail('penaltyValue', MESSAGES.penaltyPercentInvalid);
      else if (penaltyKind === 'fixed' && !inRange(hundredths(value.penaltyValue), 1, MAX_AMOUNT_KOBO)) fail('penaltyValue', MESSAGES.enterValidAmount);
      if (penaltyKind !== 'none' && readAccountId(value.penaltyAccountId) === null) fail('penaltyAccountId', MESSAGES.penaltyAccountRequired);
    }
  });
export type SavingsProductInput = z.input<typeof savingsProductSchema>;
export type SavingsProductForm = z.output<typeof savingsProductSchema>;

function penaltyRule(form: SavingsProductForm): PenaltyRule | null {
  if (!takesPenalty(form.kind, form.earlyWithdrawal)) return null;
  const value = hundredths(form.penaltyValue) as number;
  if (form.penaltyKind === 'percent') return { kind: 'percent', basisPoints: value };
  if (form.penaltyKind === 'fixed') return { kind: 'fixed', kobo: value };
  return null;
}

/**
 * The rules of a form savingsProductSchema accepted, in kobo and basis points; every field of
 * another kind is null (and early withdrawal off), so a product never carries a rule it does not use.
 */
export function toSavingsProductRules(form: SavingsProductForm): SavingsProductRules {
  const kind = form.kind as SavingsProductKind;
  const isShares = kind === 'shares';
  const isTarget = kind === 'target';
  const isFixed = kind === 'fixed';
  const minimum = isShares && !isBlank(form.minimumHolding) ? (hundredths(form.minimumHolding) as number) : 0;
  const penalty = penaltyRule(form);
  return {
    name: form.name as string,
    kind,
    controlAccountId: readAccountId(form.controlAccountId) as string,
    sharePriceKobo: isShares && form.sharePricing === 'per_share' ? hundredths(form.sharePrice) : null,
    // ₦0 is no minimum at all.
    minimumHoldingKobo: minimum > 0 ? minimum : null,
    windowOpens: isTarget ? readDayOfYear(form.windowOpens) : null,
    windowCloses: isTarget ? readDayOfYear(form.windowCloses) : null,
    payoutOn: isTarget ? readDayOfYear(form.payoutOn) : null,
    payoutTo: isTarget ? (form.payoutTo as PayoutDestination) : null,
    earlyWithdrawal: isTarget && readSwitch(form.earlyWithdrawal) === true,
    penalty,
    penaltyAccountId: penalty ? readAccountId(form.penaltyAccountId) : null,
    annualRateBp: isFixed ? hundredths(form.annualRate) : null,
    termMonths: isFixed ? whole(form.termMonths, 1, MAX_FIXED_TERM_MONTHS) : null,
  };
}

/** The form checked and read in one step, as the API takes it. */
export const savingsProductRulesSchema = savingsProductSchema.transform(toSavingsProductRules);
