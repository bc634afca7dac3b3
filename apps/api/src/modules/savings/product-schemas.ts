import { z } from 'zod';
import {
  isSupportedDate,
  MAX_FIXED_TERM_MONTHS,
  MESSAGES,
  postedTransactionSchema,
  postedTransferSchema,
  savingsAccountViewSchema,
  savingsAmountKobo,
  savingsStatementSchema,
  checkSavingsTransaction,
  savingsTransactionFieldsSchema,
  toSavingsTransaction,
  savingsTransactionViewSchema,
  statementRangeSchema,
  statementRowSchema,
  type Kobo,
} from '@kobo/core';

/**
 * The inputs and answers of a member's product accounts (issue 29): postings to a product, own
 * transfers, fixed deposits, share transfers and the combined statement. They sit beside the
 * routes until the screens need them in core; each reuses core's sentences and parts.
 */

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const optionalText = z.preprocess(trimmed, z.string().max(200).nullish());
const amountInput = z.union([z.string(), z.number()]).nullish();
const MAX_DESCRIPTION = 500;

type Fail = (path: string, message: string) => void;
const failer =
  (ctx: z.RefinementCtx): Fail =>
  (path, message) =>
    ctx.addIssue({ code: 'custom', path: [path], message });

function checkCommon(value: { amount?: unknown; description?: string | null; valueDate?: string | null }, fail: Fail): boolean {
  if (savingsAmountKobo(value.amount) === null) return (fail('amount', MESSAGES.enterValidAmount), false);
  if ((value.description?.length ?? 0) > MAX_DESCRIPTION) return (fail('description', MESSAGES.savingsDescriptionTooLong), false);
  if (value.valueDate && !isSupportedDate(value.valueDate)) return (fail('valueDate', MESSAGES.invalidDate), false);
  return true;
}

/**
 * POST /api/savings/transactions: the deposit or withdrawal core checks (savingsTransactionSchema),
 * and an optional product; none, or ordinary savings, is the posting as it always was.
 */
export const productTransactionSchema = savingsTransactionFieldsSchema
  .extend({ productId: optionalText })
  // Core's own checks and shape in the same pass: the body is read once, not once more by
  // savingsTransactionSchema inside a transform (issue 28: the validator is a deposit's hot path).
  .superRefine(checkSavingsTransaction)
  .transform((value) => ({ ...toSavingsTransaction(value), productId: value.productId || null }));

/** A posting to a product: the posting and, for an early target withdrawal, its penalty row. */
export const postedProductTransactionSchema = postedTransactionSchema.extend({
  penalty: savingsTransactionViewSchema.nullable().optional().describe("An early withdrawal's penalty, taken from the same account"),
});

/** POST /api/savings/own-transfers: money between two of one member's products. */
export const ownTransferSchema = z
  .object({
    userId: optionalText,
    fromProductId: optionalText,
    toProductId: optionalText,
    amount: amountInput,
    description: optionalText,
    valueDate: optionalText,
  })
  .superRefine((value, ctx) => {
    const fail = failer(ctx);
    if (!value.fromProductId) return fail('fromProductId', MESSAGES.sameProductTransfer);
    if (!value.toProductId) return fail('toProductId', MESSAGES.sameProductTransfer);
    if (value.fromProductId === value.toProductId) return fail('toProductId', MESSAGES.sameProductTransfer);
    checkCommon(value, fail);
  })
  .transform((value) => ({
    userId: value.userId || null,
    fromProductId: value.fromProductId as string,
    toProductId: value.toProductId as string,
    amountKobo: savingsAmountKobo(value.amount) as Kobo,
    description: value.description || null,
    valueDate: value.valueDate || null,
  }));

/** An own transfer, a fixed deposit's opening from ordinary savings or its break: the legs, and a penalty where one was taken. */
export const postedOwnTransferSchema = postedTransferSchema.extend({
  penalty: savingsTransactionViewSchema.nullable().describe('The penalty taken from the source account, if any'),
});

/** POST /api/savings/fixed-deposits: a fixed deposit opened from ordinary savings or with cash. */
export const fixedDepositSchema = z
  .object({
    userId: optionalText,
    productId: optionalText,
    amount: amountInput,
    termMonths: z.union([z.string(), z.number()]).nullish(),
    from: z.unknown(),
    description: optionalText,
    valueDate: optionalText,
  })
  .superRefine((value, ctx) => {
    const fail = failer(ctx);
    if (!value.productId) return fail('productId', MESSAGES.savingsProductNotFound);
    if (!checkCommon(value, fail)) return;
    const term = value.termMonths === null || value.termMonths === undefined || value.termMonths === '' ? null : Number(value.termMonths);
    if (term !== null && (!Number.isSafeInteger(term) || term < 1 || term > MAX_FIXED_TERM_MONTHS)) return fail('termMonths', MESSAGES.fixedTermInvalid);
    if (value.from !== 'ordinary' && value.from !== 'cash') return fail('from', MESSAGES.invalidRequest);
  })
  .transform((value) => ({
    userId: value.userId || null,
    productId: value.productId as string,
    amountKobo: savingsAmountKobo(value.amount) as Kobo,
    termMonths: value.termMonths === null || value.termMonths === undefined || value.termMonths === '' ? null : Number(value.termMonths),
    from: value.from as 'ordinary' | 'cash',
    description: value.description || null,
    valueDate: value.valueDate || null,
  }));

export const fixedDepositAnswerSchema = z.object({
  deposit: z.object({
    accountId: z.string(),
    productId: z.string(),
    productName: z.string(),
    principalKobo: z.number().int(),
    annualRateBp: z.number().int(),
    openedOn: z.string(),
    maturesOn: z.string(),
    /** Principal × rate × months ÷ 12, paid with the principal at maturity. */
    maturityInterestKobo: z.number().int(),
  }),
  /** The money that opened it: an own transfer's two legs from ordinary savings, or a cash deposit. */
  transactions: z.array(savingsTransactionViewSchema),
  account: savingsAccountViewSchema,
});

/** POST /api/savings/fixed-deposits/:accountId/break: optional value date. */
export const breakFixedDepositSchema = z
  .object({ description: optionalText, valueDate: optionalText })
  .superRefine((value, ctx) => {
    if (value.valueDate && !isSupportedDate(value.valueDate)) failer(ctx)('valueDate', MESSAGES.invalidDate);
  })
  .transform((value) => ({ description: value.description || null, valueDate: value.valueDate || null }));

/** POST /api/savings/share-transfers: shares from one member to another, waiting for a second officer. */
export const shareTransferSchema = z
  .object({
    fromUserId: optionalText,
    toUserId: optionalText,
    productId: optionalText,
    amount: amountInput,
    description: optionalText,
    valueDate: optionalText,
  })
  .superRefine((value, ctx) => {
    const fail = failer(ctx);
    if (!value.fromUserId) return fail('fromUserId', MESSAGES.selectStaffMember);
    if (!value.toUserId) return fail('toUserId', MESSAGES.selectTransferRecipient);
    if (!value.productId) return fail('productId', MESSAGES.savingsProductNotFound);
    if (value.fromUserId === value.toUserId) return fail('toUserId', MESSAGES.sharesToAnotherMember);
    checkCommon(value, fail);
  })
  .transform((value) => ({
    fromUserId: value.fromUserId as string,
    toUserId: value.toUserId as string,
    productId: value.productId as string,
    amountKobo: savingsAmountKobo(value.amount) as Kobo,
    description: value.description || null,
    valueDate: value.valueDate || null,
  }));

/** The statement routes' query: core's range and an optional product (default ordinary savings; 'all' for the combined statement). */
export const productStatementQuerySchema = z
  .object({ ...statementRangeSchema.in.shape, product: optionalText })
  .transform((value, ctx) => {
    const parsed = statementRangeSchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { ...parsed.data, product: value.product || null };
  });

/** A statement row of the combined statement names its product. */
export const productStatementRowSchema = statementRowSchema.extend({
  productId: z.string().optional().describe('The combined statement: the product the row belongs to'),
  productName: z.string().optional(),
});

/**
 * GET /api/savings/statement: one product's statement as before (rows without a product), or with
 * ?product=all every product's rows, ordered by value date, each naming its product; the balances
 * are then the member's total across products.
 */
export const productStatementSchema = savingsStatementSchema.extend({
  product: z.object({ id: z.string(), name: z.string() }).nullable().optional().describe('The product of a one-product statement other than ordinary savings'),
  rows: z.array(productStatementRowSchema),
});
