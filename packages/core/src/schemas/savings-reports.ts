import { z } from 'zod';
import { PAYOUT_DESTINATIONS, SAVINGS_PRODUCT_KINDS } from '../savings-products/products.ts';
import { isoDateSchema, koboSchema } from './answer-parts.ts';

/**
 * What the admins' savings reports answer (issue 29 "Seeing it"): totals per product, the members
 * below a share minimum, and what a pay-out and maturity run moved. The screens' types are inferred
 * from these.
 */

/** One product's line of the totals: how many members hold it and what they hold. */
export const savingsProductTotalSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  kind: z.enum(SAVINGS_PRODUCT_KINDS),
  /** Members whose account in this product holds more than ₦0. */
  holders: z.number().int(),
  balanceKobo: koboSchema,
  retired: z.boolean(),
});
/** GET /api/savings/products/totals. */
export const savingsProductTotalsAnswerSchema = z.object({
  products: z.array(savingsProductTotalSchema),
  /** Every product's balance together: what the members' control accounts hold. */
  totalKobo: koboSchema,
});
export type SavingsProductTotal = z.infer<typeof savingsProductTotalSchema>;
export type SavingsProductTotals = z.infer<typeof savingsProductTotalsAnswerSchema>;

/** A member holding less than a shares product's minimum. */
export const belowShareMinimumRowSchema = z.object({
  userId: z.string(),
  holderName: z.string(),
  staffId: z.string().nullable(),
  productId: z.string(),
  productName: z.string(),
  holdingKobo: koboSchema,
  minimumKobo: koboSchema,
  shortfallKobo: koboSchema,
});
/** GET /api/savings/products/below-minimum. */
export const belowShareMinimumAnswerSchema = z.object({ members: z.array(belowShareMinimumRowSchema) });
export type BelowShareMinimumRow = z.infer<typeof belowShareMinimumRowSchema>;
export type BelowShareMinimum = z.infer<typeof belowShareMinimumAnswerSchema>;

/** One pay-out (a target product's year) or maturity (a fixed deposit) that a run made. */
export const savingsPayoutRunSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  kind: z.enum(['target', 'fixed']),
  /** The target product's year ('2026'), or the deposit's maturity day. */
  period: z.string(),
  valueDate: isoDateSchema,
  destination: z.enum(PAYOUT_DESTINATIONS),
  /** Accounts whose money moved. */
  accounts: z.number().int(),
  /** Moved to ordinary savings or paid out, interest included. */
  movedKobo: koboSchema,
  /** Fixed deposits' interest credited before the move. */
  interestKobo: koboSchema,
});
/** POST /api/savings/products/payouts: the runs this call made; none when every one was already done. */
export const savingsPayoutRunsAnswerSchema = z.object({ runs: z.array(savingsPayoutRunSchema) });
export type SavingsPayoutRun = z.infer<typeof savingsPayoutRunSchema>;
export type SavingsPayoutRuns = z.infer<typeof savingsPayoutRunsAnswerSchema>;
