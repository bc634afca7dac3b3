import type { Kobo } from '../money.ts';
import type { IsoDate } from '../periods.ts';
import type { Arrears, InstalmentPosition, RepaymentAllocation } from './repayments.ts';
import type { InterestMethod, LoanSchedule } from './schedule.ts';

export type LoanStatus = 'awaiting_guarantors' | 'awaiting_approval' | 'approved' | 'rejected' | 'cancelled' | 'active' | 'repaid' | 'written_off';
export type GuaranteeStatus = 'pending' | 'accepted' | 'declined';

/** Loans whose guarantees still bind (and hold the guarantor's savings): until repaid, written off, refused or withdrawn. */
export const GUARANTEE_BINDING_STATUSES = ['awaiting_guarantors', 'awaiting_approval', 'approved', 'active'] as const satisfies readonly LoanStatus[];

export type LoanPerson = { userId: string | null; name: string; staffId: string | null };

/** A loan as the API returns it: its terms as applied for, who is involved, and its schedule. */
export type LoanView = {
  id: string;
  productId: string;
  productName: string;
  method: InterestMethod;
  annualRateBp: number;
  principalKobo: Kobo;
  feeKobo: Kobo;
  months: number;
  purpose: string;
  status: LoanStatus;
  appliedAt: string;
  borrower: LoanPerson;
  guarantors: (LoanPerson & { amountKobo: Kobo; status: GuaranteeStatus })[];
  /** As it would run if disbursed this month; once disbursed, as it now stands (core's scheduleAsItStands). */
  schedule: LoanSchedule;
  /** Null until disbursed. */
  ledger: LoanLedgerView | null;
};

/** One entry of a loan's append-only ledger: money out, a fee charged, a repayment, or the reversal of one. */
export type LoanEntryView = {
  id: string;
  type: 'disbursement' | 'fee' | 'repayment';
  amountKobo: Kobo;
  valueDate: IsoDate;
  /** How a repayment (or the reversal of one) was allocated. */
  allocation: RepaymentAllocation | null;
  /** On a reversal: the entry it undoes, and why. */
  reversesId: string | null;
  reason: string | null;
  /** The reversal that undid this entry, if any. */
  reversedById: string | null;
  /** The monthly run that posted it. */
  batchId: string | null;
  createdAt: string;
  createdByEmail: string;
};

/** A disbursed loan's position on `asOf` (the organisation's today). */
export type LoanLedgerView = {
  disbursedOn: IsoDate;
  feeOutstandingKobo: Kobo;
  outstandingPrincipalKobo: Kobo;
  outstandingTotalKobo: Kobo;
  instalments: InstalmentPosition[];
  arrears: Arrears;
  asOf: IsoDate;
  /** Oldest first. */
  entries: LoanEntryView[];
};

/** The officers' portfolio card: where the lending stands on `asOf` (the organisation's today). */
export type LoanPortfolio = {
  activeCount: number;
  outstandingPrincipalKobo: Kobo;
  disbursedThisMonthKobo: Kobo;
  repaidThisMonthKobo: Kobo;
  arrearsCount: number;
  arrearsKobo: Kobo;
  asOf: IsoDate;
};

/** One active loan with an instalment unpaid after its due date, most days in arrears first. */
export type ArrearsRow = {
  loanId: string;
  borrower: LoanPerson;
  productName: string;
  principalKobo: Kobo;
  amountOverdueKobo: Kobo;
  instalmentsOverdue: number;
  daysInArrears: number;
  oldestDueDate: IsoDate;
};

/** What an officer weighs when reviewing an application: the borrower's savings and other loans. */
export type LoanEligibility = {
  balanceKobo: Kobo;
  heldKobo: Kobo;
  /** The loan's multiple in hundredths (2× = 200), as applied for. */
  savingsMultiple: number;
  /** balance × multiple: the most the savings alone would support. */
  maxBySavingsKobo: Kobo;
  otherLoans: { id: string; productName: string; status: LoanStatus; principalKobo: Kobo; outstandingPrincipalKobo: Kobo | null }[];
};

/** `GET /api/loans/:id`: one loan and, for the review, the borrower's eligibility. */
export type LoanDetail = { loan: LoanView; eligibility: LoanEligibility };

/** Someone a holder may name as a guarantor: an active savings holder other than themselves. */
export type GuarantorCandidate = { userId: string; name: string; staffId: string | null };

/** A holder's loans, and the guarantees others have asked of them. */
export type MyLoans = { loans: LoanView[]; guaranteeRequests: LoanView[] };
