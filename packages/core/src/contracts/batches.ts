import type { Kobo } from '../money.ts';
import type { IsoDate } from '../periods.ts';
import type { PayrollMonth } from '../value-dates.ts';

/**
 * The monthly run's API shapes (issue 11, docs/decisions/017-monthly-run.md). Money is integer
 * kobo; a row's `amount` is what a person or payroll's file wrote (15000, '15,000', '₦15,000.00').
 */
export type BatchRowType = 'deposit' | 'withdrawal';

/** One row as prepared on screen or read from a file: a staff ID or an email, and an amount. */
export type BatchRowInput = {
  ref: string;
  amount: string | number;
  description?: string | null;
  /** Blank means deposit. */
  type?: string | null;
  /** Issue 12: the loan repayment payroll deducted beside the contribution; blank means none. */
  loanRepayment?: string | number | null;
};

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

export type ReviewedRow = {
  /** 1-based, in the order sent (a file's first data row is line 1). */
  line: number;
  ref: string;
  amountText: string;
  type: BatchRowType | null;
  amountKobo: Kobo | null;
  description: string | null;
  userId: string | null;
  name: string | null;
  staffId: string | null;
  balanceKobo: Kobo | null;
  /** What loans hold of the balance: a withdrawal row may take only the rest. */
  heldKobo: Kobo | null;
  /** The loan repayment on this row (0 when none), and what the member's active loans have due on the value date. */
  loanRepaymentKobo: Kobo | null;
  loanDueKobo: Kobo | null;
  status: 'ready' | 'refused';
  /** Why the row cannot be posted; null when ready. */
  reason: string | null;
};

/** The batch already posted for this month or this file, if any. */
export type EarlierBatch = { id: string; postedAt: string; postedByName: string; month: PayrollMonth; message: string };

export type BatchReview = {
  month: PayrollMonth;
  valueDate: IsoDate;
  description: string;
  rows: ReviewedRow[];
  readyCount: number;
  refusedCount: number;
  /** Totals over ready rows. */
  depositKobo: Kobo;
  withdrawalKobo: Kobo;
  loanRepaymentKobo: Kobo;
  earlierBatch: EarlierBatch | null;
};

export type BatchView = {
  id: string;
  number: number;
  month: PayrollMonth;
  valueDate: IsoDate;
  description: string;
  fileName: string | null;
  rowCount: number;
  depositKobo: Kobo;
  withdrawalKobo: Kobo;
  loanRepaymentKobo: Kobo;
  repeatReason: string | null;
  postedAt: string;
  postedByName: string;
  postedByEmail: string;
  status: 'posted' | 'reversed';
  reversedAt: string | null;
  reversedByName: string | null;
  reversalReason: string | null;
};

export type BatchPosting = {
  transactionId: string;
  userId: string | null;
  name: string;
  staffId: string | null;
  type: BatchRowType;
  amountKobo: Kobo;
  description: string | null;
  reversedById: string | null;
};

/** A loan repayment the batch posted (issue 12). */
export type BatchRepayment = {
  loanId: string;
  productName: string;
  userId: string | null;
  name: string;
  staffId: string | null;
  amountKobo: Kobo;
  /** The reversal that undid it: its batch's, or its own (issue 26). */
  reversedById: string | null;
};

export type BatchDetail = { batch: BatchView; postings: BatchPosting[]; repayments: BatchRepayment[] };

/** One line of the Prepare screen: every active holder with their standing contribution. */
export type RunCandidate = {
  userId: string;
  name: string;
  email: string;
  staffId: string | null;
  balanceKobo: Kobo;
  monthlyContributionKobo: Kobo;
  /** Issue 12: what the member's active loans have due on the run's value date (0 when none). */
  loanDueKobo: Kobo;
};

export type RunPreparation = {
  month: PayrollMonth;
  valueDate: IsoDate;
  description: string;
  candidates: RunCandidate[];
  earlierBatch: EarlierBatch | null;
};

/** What an upload answers: the rows read from the file, ready to review. */
export type UploadedBatchFile = { fileName: string; fileHash: string; rows: BatchRowInput[] };
