import type { z } from 'zod';
import type {
  arrearsRowSchema,
  guarantorCandidateSchema,
  loanDetailSchema,
  loanEligibilitySchema,
  loanAppliedSchema,
  loanEntryViewSchema,
  loanLedgerViewSchema,
  loanPersonSchema,
  loanPortfolioSchema,
  loanViewSchema,
  myLoansSchema,
} from '../schemas/loans.ts';

export type LoanStatus = 'awaiting_guarantors' | 'awaiting_approval' | 'approved' | 'rejected' | 'cancelled' | 'active' | 'repaid' | 'written_off';
export type GuaranteeStatus = 'pending' | 'accepted' | 'declined' | 'released';

/** Loans whose guarantees still bind (and hold the guarantor's savings): until repaid, written off, refused or withdrawn. */
export const GUARANTEE_BINDING_STATUSES = ['awaiting_guarantors', 'awaiting_approval', 'approved', 'active'] as const satisfies readonly LoanStatus[];

export type LoanPerson = z.infer<typeof loanPersonSchema>;

/** A loan as the API returns it: its terms as applied for, who is involved, and its schedule. */
export type LoanView = z.infer<typeof loanViewSchema>;

/** One entry of a loan's append-only ledger: money out, a fee charged, a repayment, or the reversal of one. */
export type LoanEntryView = z.infer<typeof loanEntryViewSchema>;

/** A disbursed loan's position on `asOf` (the organisation's today). */
export type LoanLedgerView = z.infer<typeof loanLedgerViewSchema>;

/** The officers' portfolio card: where the lending stands on `asOf` (the organisation's today). */
export type LoanPortfolio = z.infer<typeof loanPortfolioSchema>;

/** One active loan with an instalment unpaid after its due date, most days in arrears first. */
export type ArrearsRow = z.infer<typeof arrearsRowSchema>;

/** What an officer weighs when reviewing an application: the borrower's savings and other loans. */
export type LoanEligibility = z.infer<typeof loanEligibilitySchema>;

/** `GET /api/loans/:id`: one loan and, for the review, the borrower's eligibility. */
export type LoanDetail = z.infer<typeof loanDetailSchema>;

/** Someone a holder may name as a guarantor: an active savings holder other than themselves. */
export type GuarantorCandidate = z.infer<typeof guarantorCandidateSchema>;

/** A holder's loans, and the guarantees others have asked of them. */
export type MyLoans = z.infer<typeof myLoansSchema>;

/** What an application answers: the loan, and whether the guarantors' requests left by mail or were only kept (issue 26). */
export type LoanApplied = z.infer<typeof loanAppliedSchema>;
