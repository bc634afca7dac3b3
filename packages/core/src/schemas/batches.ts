import { z } from 'zod';
import { isoDateSchema, koboSchema, timestampSchema } from './answer-parts.ts';
import { SAVINGS_PRODUCT_KINDS } from '../savings-products/products.ts';

/**
 * What the monthly run's routes answer (issue 11, docs/decisions/017-monthly-run.md; issue 28). The
 * screens' types (contracts/batches.ts) are inferred from these. Money is integer kobo; a row's
 * `amount` is what a person or payroll's file wrote (15000, '15,000', '₦15,000.00').
 */

const batchRowTypeSchema = z.enum(['deposit', 'withdrawal']);
const payrollMonthSchema = z.string().describe('A payroll month, YYYY-MM');

/** One row as prepared on screen or read from a file: a staff ID or an email, and an amount. */
export const batchRowInputSchema = z.object({
  ref: z.string(),
  amount: z.union([z.string(), z.number()]),
  description: z.string().nullable().optional(),
  /** Blank means deposit. */
  type: z.string().nullable().optional(),
  /** Issue 12: the loan repayment payroll deducted beside the contribution; blank means none. */
  loanRepayment: z.union([z.string(), z.number()]).nullable().optional(),
  /**
   * Issue 29: the row's amount for each other savings product that takes contributions, by product
   * id (ordinary savings stays in `amount`); blank means none this month.
   */
  products: z.record(z.string(), z.union([z.string(), z.number()]).nullable()).optional(),
  /**
   * Issue 34: the row's own number in payroll's spreadsheet (the header is row 1, so the first data
   * row is 2), as the upload read it; absent for rows prepared on screen. It stays with the row when
   * others are dropped, so the review names the row the treasurer sees in the file.
   */
  sourceRow: z.number().int().positive().nullable().optional(),
});

/** Issue 29: a column of the run, one per live savings product that takes contributions (not fixed deposits). */
export const runProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SAVINGS_PRODUCT_KINDS),
  /** Shares: the minimum holding the monthly share contribution stops at; null for none. */
  minimumHoldingKobo: koboSchema.nullable(),
});

/** A run column with its totals over ready rows. */
export const runProductTotalSchema = runProductSchema.extend({ depositKobo: koboSchema, withdrawalKobo: koboSchema });

/** One product cell of a reviewed row (issue 29): refused with the product named, or ready. */
export const reviewedCellSchema = z.object({
  productId: z.string(),
  amountText: z.string(),
  amountKobo: koboSchema.nullable(),
  balanceKobo: koboSchema.nullable(),
  reason: z.string().nullable(),
});

export const reviewedRowSchema = z.object({
  /** 1-based, in the order sent (a file's first data row is line 1). */
  line: z.number().int(),
  /** Issue 34: the spreadsheet's own row number the row was sent with; null for rows prepared on screen. */
  sourceRow: z.number().int().nullable(),
  ref: z.string(),
  amountText: z.string(),
  type: batchRowTypeSchema.nullable(),
  amountKobo: koboSchema.nullable(),
  description: z.string().nullable(),
  userId: z.string().nullable(),
  name: z.string().nullable(),
  staffId: z.string().nullable(),
  balanceKobo: koboSchema.nullable(),
  /** What loans hold of the balance: a withdrawal row may take only the rest. */
  heldKobo: koboSchema.nullable(),
  /** The loan repayment on this row (0 when none), and what the member's active loans have due on the value date. */
  loanRepaymentKobo: koboSchema.nullable(),
  loanDueKobo: koboSchema.nullable(),
  /** Issue 29: the row's other product cells (ordinary savings is amountKobo above). */
  cells: z.array(reviewedCellSchema),
  status: z.enum(['ready', 'refused']),
  /** Why the row cannot be posted; null when ready. */
  reason: z.string().nullable(),
});

/** The batch already posted for this month or this file, if any. */
export const earlierBatchSchema = z.object({
  id: z.string(),
  postedAt: timestampSchema,
  postedByName: z.string(),
  month: payrollMonthSchema,
  message: z.string(),
});

/** POST /api/savings/batches/review: the dry run, nothing posted. */
export const batchReviewSchema = z.object({
  month: payrollMonthSchema,
  valueDate: isoDateSchema,
  description: z.string(),
  rows: z.array(reviewedRowSchema),
  readyCount: z.number().int(),
  refusedCount: z.number().int(),
  /** Totals over ready rows, every product's together. */
  depositKobo: koboSchema,
  withdrawalKobo: koboSchema,
  loanRepaymentKobo: koboSchema,
  /** Issue 29: the run's savings columns (ordinary savings first) with each one's totals over ready rows. */
  products: z.array(runProductTotalSchema),
  earlierBatch: earlierBatchSchema.nullable(),
});

export const batchViewSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  month: payrollMonthSchema,
  valueDate: isoDateSchema,
  description: z.string(),
  fileName: z.string().nullable(),
  rowCount: z.number().int(),
  depositKobo: koboSchema,
  withdrawalKobo: koboSchema,
  loanRepaymentKobo: koboSchema,
  repeatReason: z.string().nullable(),
  postedAt: timestampSchema,
  postedByName: z.string(),
  postedByEmail: z.string(),
  status: z.enum(['posted', 'reversed']),
  reversedAt: timestampSchema.nullable(),
  reversedByName: z.string().nullable(),
  reversalReason: z.string().nullable(),
});

/** POST /api/savings/batches and .../:id/reversal (201). */
export const batchAnswerSchema = z.object({ batch: batchViewSchema });
/** GET /api/savings/batches: every posted batch, newest first. */
export const batchListSchema = z.object({ batches: z.array(batchViewSchema) });

export const batchPostingSchema = z.object({
  transactionId: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  staffId: z.string().nullable(),
  type: batchRowTypeSchema,
  amountKobo: koboSchema,
  description: z.string().nullable(),
  reversedById: z.string().nullable(),
  /** Issue 29: the savings product the posting went to. */
  productId: z.string(),
  productName: z.string(),
});

/** A loan repayment the batch posted (issue 12). */
export const batchRepaymentSchema = z.object({
  loanId: z.string(),
  productName: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  staffId: z.string().nullable(),
  amountKobo: koboSchema,
  /** The reversal that undid it: its batch's, or its own (issue 26). */
  reversedById: z.string().nullable(),
});

/** GET /api/savings/batches/:id. */
export const batchDetailSchema = z.object({ batch: batchViewSchema, postings: z.array(batchPostingSchema), repayments: z.array(batchRepaymentSchema) });

/** One line of the Prepare screen: every active holder with their standing contribution. */
export const runCandidateSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  staffId: z.string().nullable(),
  balanceKobo: koboSchema,
  monthlyContributionKobo: koboSchema,
  /** Issue 12: what the member's active loans have due on the run's value date (0 when none). */
  loanDueKobo: koboSchema,
  /**
   * Issue 29: the member's other run products (ordinary savings is above): the standing
   * contribution, the balance, and this month's amount (shares: only until the minimum is reached).
   */
  products: z.array(z.object({ productId: z.string(), standingKobo: koboSchema, balanceKobo: koboSchema, amountKobo: koboSchema })),
});

/** GET /api/savings/runs/prepare. */
export const runPreparationSchema = z.object({
  month: payrollMonthSchema,
  valueDate: isoDateSchema,
  description: z.string(),
  /** Issue 29: the run's savings columns, ordinary savings first. */
  products: z.array(runProductSchema),
  candidates: z.array(runCandidateSchema),
  earlierBatch: earlierBatchSchema.nullable(),
});

/** POST /api/savings/batches/file: the rows read from the file, ready to review. */
export const uploadedBatchFileSchema = z.object({
  fileName: z.string(),
  fileHash: z.string(),
  /** Issue 29: the savings columns the file carries, ordinary savings first. */
  products: z.array(runProductSchema),
  rows: z.array(batchRowInputSchema),
});

/** PUT /api/savings/contributions: how many standing contributions changed. */
export const contributionsSavedSchema = z.object({ updated: z.number().int() });
