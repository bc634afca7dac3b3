import type { IsoDate } from '../periods.ts';
import type { PayrollMonth } from '../value-dates.ts';
import type { z } from 'zod';
import type {
  batchDetailSchema,
  batchPostingSchema,
  batchRepaymentSchema,
  batchReviewSchema,
  batchRowInputSchema,
  batchViewSchema,
  earlierBatchSchema,
  reviewedCellSchema,
  reviewedRowSchema,
  runCandidateSchema,
  runProductSchema,
  runProductTotalSchema,
  runPreparationSchema,
  uploadedBatchFileSchema,
} from '../schemas/batches.ts';

/**
 * The monthly run's API shapes (issue 11, docs/decisions/017-monthly-run.md). Money is integer
 * kobo; a row's `amount` is what a person or payroll's file wrote (15000, '15,000', '₦15,000.00').
 */
export type BatchRowType = 'deposit' | 'withdrawal';

/** One row as prepared on screen or read from a file: a staff ID or an email, and an amount. */
export type BatchRowInput = z.infer<typeof batchRowInputSchema>;

export type BatchDraft = {
  month: PayrollMonth;
  /** Blank means the month's last working day (or today, if that is still ahead). */
  valueDate?: IsoDate | null;
  /** Blank means '<Month YYYY> contribution'. */
  description?: string | null;
  rows: BatchRowInput[];
  /** From the upload's answer, so the same file is recognised when posted again. */
  fileHash?: string | null;
  fileName?: string | null;
  /** Required to post a second batch for a month (or a file) already posted. */
  repeatReason?: string | null;
};

export type ReviewedRow = z.infer<typeof reviewedRowSchema>;

/** The batch already posted for this month or this file, if any. */
export type EarlierBatch = z.infer<typeof earlierBatchSchema>;

export type BatchReview = z.infer<typeof batchReviewSchema>;

export type BatchView = z.infer<typeof batchViewSchema>;

export type BatchPosting = z.infer<typeof batchPostingSchema>;

/** A loan repayment the batch posted (issue 12). */
export type BatchRepayment = z.infer<typeof batchRepaymentSchema>;

export type BatchDetail = z.infer<typeof batchDetailSchema>;

/** One line of the Prepare screen: every active holder with their standing contribution. */
export type RunCandidate = z.infer<typeof runCandidateSchema>;

export type RunPreparation = z.infer<typeof runPreparationSchema>;

/** What an upload answers: the rows read from the file, ready to review. */
export type UploadedBatchFile = z.infer<typeof uploadedBatchFileSchema>;

/** Issue 29: a savings column of the run, and one with its totals. */
export type RunProduct = z.infer<typeof runProductSchema>;
export type RunProductTotal = z.infer<typeof runProductTotalSchema>;
export type ReviewedCell = z.infer<typeof reviewedCellSchema>;
