import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import type { Kobo } from '../money.ts';
import { savingsAmountKobo } from '../schemas/savings.ts';
import { whole } from './product-schema.ts';
import { MAX_GUARANTORS, MAX_LOAN_MONTHS } from './products.ts';
import { LOAN_STATUS_FILTERS } from './labels.ts';

export const MAX_LOAN_PURPOSE_LENGTH = 500;
/** Issue 33: the item a murabaha buys, as the application names it. */
export const MAX_MURABAHA_ITEM_LENGTH = 200;

const wholeMonths = (value: unknown): number | null => whole(value, 1, MAX_LOAN_MONTHS);
// A loan's amount is read as a savings amount is: naira, two decimals, above 0, at most the cap.
const amountKobo = savingsAmountKobo;

/**
 * An application as the form sends it, checked in the form's order. Guarantors are user ids
 * (the form finds them by staff ID or name); how many a product needs is checked by the server,
 * which knows the product.
 */
export const loanApplicationSchema = z
  .object({
    productId: z.uuid({ message: MESSAGES.chooseLoanProduct }).optional(),
    amount: z.unknown().optional(),
    months: z.unknown().optional(),
    purpose: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.unknown().optional()),
    guarantors: z.array(z.string().max(100)).max(MAX_GUARANTORS + 1).optional(),
    userId: z.string().max(100).optional(),
    /** Issue 33, part A: a top-up names the running loan it pays off first (docs/decisions/052). */
    topsUpLoanId: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.uuid({ message: MESSAGES.topUpLoanNotRunning }).optional()),
    /** Issue 33: a murabaha's item (the amount is then its cost price); whether one is needed is the server's to say, which knows the product. */
    item: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.unknown().optional()),
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!value.productId) fail('productId', MESSAGES.chooseLoanProduct);
    if (value.item !== undefined && value.item !== null && typeof value.item !== 'string') fail('item', MESSAGES.murabahaItemRequired);
    else if (typeof value.item === 'string' && value.item.length > MAX_MURABAHA_ITEM_LENGTH) fail('item', MESSAGES.murabahaItemTooLong);
    if (amountKobo(value.amount) === null) fail('amount', MESSAGES.enterValidAmount);
    if (wholeMonths(value.months) === null) fail('months', MESSAGES.loanMonthsInvalid);
    if (typeof value.purpose !== 'string' || value.purpose === '') fail('purpose', MESSAGES.loanPurposeRequired);
    else if (value.purpose.length > MAX_LOAN_PURPOSE_LENGTH) fail('purpose', MESSAGES.loanPurposeTooLong);
    if (new Set(value.guarantors ?? []).size !== (value.guarantors ?? []).length) fail('guarantors', MESSAGES.guarantorTwice);
  })
  .transform((value) => ({
    productId: value.productId as string,
    amountKobo: amountKobo(value.amount) as Kobo,
    months: wholeMonths(value.months) as number,
    purpose: value.purpose as string,
    guarantorIds: value.guarantors ?? [],
    userId: value.userId || null,
    topsUpLoanId: value.topsUpLoanId ?? null,
    item: typeof value.item === 'string' && value.item !== '' ? value.item : null,
  }));
export type LoanApplication = z.output<typeof loanApplicationSchema>;

/** 'Please choose 2 guarantors': the product decides how many. */
export function guarantorsNeededMessage(required: number): string {
  return required === 0 ? 'This product needs no guarantors' : `Please choose ${required} guarantor${required === 1 ? '' : 's'}`;
}

/** Each guarantor's share of the principal: equal parts, the last taking the remainder. */
export function guaranteeShares(principal: Kobo, guarantors: number): Kobo[] {
  const each = Math.floor(principal / guarantors);
  return Array.from({ length: guarantors }, (_, index) => (index === guarantors - 1 ? principal - each * (guarantors - 1) : each) as Kobo);
}

export const guaranteeAnswerSchema = z.object({
  answer: z.enum(['accept', 'decline'], { message: MESSAGES.chooseGuaranteeAnswer }),
});


/** The officers' list: by status, searched by the borrower's name or staff ID. */
export const loanListQuerySchema = z.object({
  status: z.enum(LOAN_STATUS_FILTERS, { message: MESSAGES.invalidRequest }).optional(),
  q: z.string().trim().max(100).optional(),
});

export const MAX_DECISION_REASON_LENGTH = 500;

/** Approve or reject; a reason is required to reject and kept either way. */
export const loanDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { message: MESSAGES.chooseLoanDecision }),
    reason: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.string().max(MAX_DECISION_REASON_LENGTH, MESSAGES.reasonTooLong).optional()),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'reject' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: MESSAGES.rejectionReasonRequired });
  })
  .transform((value) => ({ decision: value.decision, reason: value.reason || null }));

export const loanSettingsSchema = z.object({ twoPersonApproval: z.boolean({ message: MESSAGES.invalidRequest }) });
export type LoanSettings = z.output<typeof loanSettingsSchema>;

/** A disbursement's value date; blank means today. */
export const disbursementSchema = z.object({
  valueDate: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().max(20).optional()),
});

/** A repayment as an officer types it: naira, and a value date (blank means today). */
export const loanRepaymentSchema = z
  .object({
    amount: z.unknown().optional(),
    valueDate: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().max(20).optional()),
  })
  .superRefine((value, ctx) => {
    if (amountKobo(value.amount) === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: MESSAGES.enterValidAmount });
  })
  .transform((value) => ({ amountKobo: amountKobo(value.amount) as Kobo, valueDate: value.valueDate }));

/** A write-off closes a defaulted loan; the reason is required and kept. */
export const loanWriteOffSchema = z.object({
  reason: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string({ message: MESSAGES.writeOffReasonRequired }).min(1, MESSAGES.writeOffReasonRequired).max(MAX_DECISION_REASON_LENGTH, MESSAGES.reasonTooLong),
  ),
});
