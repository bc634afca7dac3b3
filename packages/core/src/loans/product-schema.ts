import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { MAX_AMOUNT_KOBO, parseNaira, type Kobo } from '../money.ts';
import { EARLY_PAYMENT_RULES, LOAN_KINDS, MAX_GUARANTORS, MAX_LOAN_MONTHS, type EarlyPaymentRule, type LoanFee, type LoanKind, type LoanProductRules, type OverpaymentRule } from './products.ts';
import { checkPenaltyFields, penaltyFieldsShape, penaltyRuleOf } from './penalty-schema.ts';
import type { InterestMethod } from './schedule.ts';
import type { loanProductViewSchema, loanQuoteViewSchema } from '../schemas/loans.ts';

export const MAX_LOAN_PRODUCT_NAME_LENGTH = 60;
/** 10×: a multiple of savings beyond it is not a savings-backed loan. */
export const MAX_SAVINGS_MULTIPLE = 1000;

/**
 * A figure with at most two decimals, as hundredths: '12.5' (%) is 1,250 basis points, '1.5' (×)
 * is 150. The same reading as naira into kobo, so parseNaira does it (no float ever).
 */
function hundredths(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  return parseNaira(value);
}

/** A whole number typed as digits (or sent as a number) within [min, max]; null otherwise. */
export const whole = (value: unknown, min: number, max: number): number | null => {
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= min && number <= max ? number : null;
};

/** A product without interest sends no rate, or 0. */
const isBlankOrZero = (value: unknown) => value === undefined || value === null || value === '' || hundredths(value) === 0;

const inRange = (value: number | null, min: number, max: number) => value !== null && value >= min && value <= max;

const METHODS: readonly InterestMethod[] = ['flat', 'reducing'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The savings products that secure a loan (issue 29), as the form sends them: absent or null for
 * the default (ordinary savings plus every shares product), else a list of one or more product ids,
 * each once; undefined when it is neither.
 */
function securityProductIdsOf(value: unknown): string[] | null | undefined {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length === 0 || value.length > 50) return undefined;
  if (!value.every((id): id is string => typeof id === 'string' && UUID.test(id))) return undefined;
  return [...new Set(value.map((id) => id.toLowerCase()))];
}
const OVERPAYMENT_RULES: readonly OverpaymentRule[] = ['reduce_term', 'refuse'];

/**
 * A loan product as the admin's form sends it: figures as typed (rate in %, multiple in ×, amounts
 * in naira). Checked field by field in the form's order, each refusal on its field.
 */
export const loanProductSchema = z
  .object({
    name: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.unknown().optional()),
    method: z.unknown().optional(),
    annualRate: z.unknown().optional(),
    maxMonths: z.unknown().optional(),
    savingsMultiple: z.unknown().optional(),
    maxAmount: z.unknown().optional(),
    guarantorsRequired: z.unknown().optional(),
    feeKind: z.unknown().optional(),
    feeValue: z.unknown().optional(),
    overpayment: z.unknown().optional(),
    earlyPayment: z.unknown().optional(),
    securityProductIds: z.unknown().optional(),
    /** Issue 33: 'interest' (absent), 'murabaha' or 'qard_hasan'. */
    kind: z.unknown().optional(),
    /** Murabaha: the markup in % of the cost price, for the whole term. */
    markup: z.unknown().optional(),
    /** Murabaha: the late-payment charity donation, 'none', 'percent' or 'fixed', and its figure. */
    charityKind: z.unknown().optional(),
    charityValue: z.unknown().optional(),
    /** Issue 33: the penalty on an overdue instalment (penalty-schema.ts). */
    ...penaltyFieldsShape,
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (typeof value.name !== 'string' || value.name === '') fail('name', MESSAGES.loanProductNameRequired);
    else if (value.name.length > MAX_LOAN_PRODUCT_NAME_LENGTH) fail('name', MESSAGES.loanProductNameTooLong);
    const kind = value.kind ?? 'interest';
    if (!(LOAN_KINDS as readonly unknown[]).includes(kind)) fail('kind', MESSAGES.chooseLoanKind);
    if (kind === 'interest') {
      if (!METHODS.includes(value.method as InterestMethod)) fail('method', MESSAGES.chooseInterestMethod);
      if (!inRange(hundredths(value.annualRate), 0, 10_000)) fail('annualRate', MESSAGES.loanRateInvalid);
    } else if (!isBlankOrZero(value.annualRate)) fail('annualRate', MESSAGES.loanRateNotAllowed);
    if (kind === 'murabaha' && !inRange(hundredths(value.markup), 1, 10_000)) fail('markup', MESSAGES.loanMarkupInvalid);
    if (whole(value.maxMonths, 1, MAX_LOAN_MONTHS) === null) fail('maxMonths', MESSAGES.loanTermInvalid);
    if (!inRange(hundredths(value.savingsMultiple), 1, MAX_SAVINGS_MULTIPLE)) fail('savingsMultiple', MESSAGES.loanMultipleInvalid);
    if (!inRange(hundredths(value.maxAmount), 1, MAX_AMOUNT_KOBO)) fail('maxAmount', MESSAGES.enterValidAmount);
    if (whole(value.guarantorsRequired, 0, MAX_GUARANTORS) === null) fail('guarantorsRequired', MESSAGES.loanGuarantorsInvalid);
    const feeKind = value.feeKind ?? 'none';
    if (feeKind === 'percent' && !inRange(hundredths(value.feeValue), 1, 10_000)) fail('feeValue', MESSAGES.loanFeePercentInvalid);
    else if (feeKind === 'fixed' && !inRange(hundredths(value.feeValue), 1, MAX_AMOUNT_KOBO)) fail('feeValue', MESSAGES.enterValidAmount);
    else if (!['none', 'percent', 'fixed'].includes(feeKind as string)) fail('feeKind', MESSAGES.loanFeeKindInvalid);
    if (kind === 'qard_hasan' && feeKind === 'percent') fail('feeKind', MESSAGES.qardHasanFeeFixedOnly);
    const charityKind = value.charityKind ?? 'none';
    if (kind !== 'murabaha' && charityKind !== 'none') fail('charityKind', MESSAGES.loanCharityMurabahaOnly);
    else if (charityKind === 'percent' && !inRange(hundredths(value.charityValue), 1, 10_000)) fail('charityValue', MESSAGES.loanCharityPercentInvalid);
    else if (charityKind === 'fixed' && !inRange(hundredths(value.charityValue), 1, MAX_AMOUNT_KOBO)) fail('charityValue', MESSAGES.enterValidAmount);
    else if (!['none', 'percent', 'fixed'].includes(charityKind as string)) fail('charityKind', MESSAGES.loanCharityKindInvalid);
    if (value.overpayment !== undefined && !OVERPAYMENT_RULES.includes(value.overpayment as OverpaymentRule)) fail('overpayment', MESSAGES.loanOverpaymentInvalid);
    if (value.earlyPayment !== undefined && !(EARLY_PAYMENT_RULES as readonly unknown[]).includes(value.earlyPayment)) fail('earlyPayment', MESSAGES.loanOverpaymentInvalid);
    if (securityProductIdsOf(value.securityProductIds) === undefined) fail('securityProductIds', MESSAGES.loanSecurityInvalid);
    checkPenaltyFields(value, fail);
  })
  .transform((value): LoanProductRules => {
    const feeValue = hundredths(value.feeValue) ?? 0;
    const fee: LoanFee =
      value.feeKind === 'percent' ? { kind: 'percent', basisPoints: feeValue } : value.feeKind === 'fixed' ? { kind: 'fixed', amount: feeValue as Kobo } : null;
    const kind = (value.kind ?? 'interest') as LoanKind;
    const charityValue = hundredths(value.charityValue) ?? 0;
    const lateCharity: LoanFee =
      value.charityKind === 'percent' ? { kind: 'percent', basisPoints: charityValue } : value.charityKind === 'fixed' ? { kind: 'fixed', amount: charityValue as Kobo } : null;
    return {
      name: value.name as string,
      // A product without interest keeps no rate; its schedule is flat in shape (even instalments).
      method: kind === 'interest' ? (value.method as InterestMethod) : 'flat',
      annualRateBp: kind === 'interest' ? (hundredths(value.annualRate) as number) : 0,
      maxMonths: whole(value.maxMonths, 1, MAX_LOAN_MONTHS) as number,
      savingsMultiple: hundredths(value.savingsMultiple) as number,
      maxAmount: hundredths(value.maxAmount) as Kobo,
      guarantorsRequired: whole(value.guarantorsRequired, 0, MAX_GUARANTORS) as number,
      fee,
      overpayment: (value.overpayment ?? 'reduce_term') as OverpaymentRule,
      earlyPayment: (value.earlyPayment ?? 'pay_ahead') as EarlyPaymentRule,
      securityProductIds: securityProductIdsOf(value.securityProductIds) ?? null,
      kind,
      markupBp: kind === 'murabaha' ? (hundredths(value.markup) as number) : null,
      lateCharity: kind === 'murabaha' ? lateCharity : null,
      penalty: penaltyRuleOf(value),
    };
  });
export type LoanProductInput = z.input<typeof loanProductSchema>;

/** A loan product as the API returns it. */
export type LoanProductView = z.infer<typeof loanProductViewSchema>;

/**
 * What an applicant is asking for, as typed: checked before the schedule is shown and again when
 * the application is made. `userId` names the holder when an officer asks on their behalf.
 */
export const loanQuoteSchema = z
  // Issue 33, part A: a top-up's quote names the running loan, which the limit counts as repaid.
  .object({ amount: z.unknown().optional(), months: z.unknown().optional(), userId: z.string().max(100).optional(), topsUpLoanId: z.uuid({ message: MESSAGES.topUpLoanNotRunning }).optional() })
  .superRefine((value, ctx) => {
    const amount = hundredths(value.amount);
    if (!inRange(amount, 1, MAX_AMOUNT_KOBO)) ctx.addIssue({ code: 'custom', path: ['amount'], message: MESSAGES.enterValidAmount });
    if (whole(value.months, 1, MAX_LOAN_MONTHS) === null) ctx.addIssue({ code: 'custom', path: ['months'], message: MESSAGES.loanMonthsInvalid });
  })
  .transform((value) => ({
    amountKobo: hundredths(value.amount) as Kobo,
    months: whole(value.months, 1, MAX_LOAN_MONTHS) as number,
    userId: value.userId || null,
    topsUpLoanId: value.topsUpLoanId ?? null,
  }));

/** The schedule and limits an applicant sees before applying. */
export type LoanQuote = z.infer<typeof loanQuoteViewSchema>;
