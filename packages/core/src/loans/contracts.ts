import type { Kobo } from '../money.ts';
import type { IsoDate } from '../periods.ts';
import type { Arrears, InstalmentPosition } from './repayments.ts';
import type { InterestMethod, LoanSchedule } from './schedule.ts';

export type LoanStatus = 'awaiting_guarantors' | 'awaiting_approval' | 'approved' | 'rejected' | 'cancelled' | 'active' | 'repaid' | 'written_off';
export type GuaranteeStatus = 'pending' | 'accepted' | 'declined';

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
  /** As it would run if disbursed this month; once disbursed, as it was fixed then. */
  schedule: LoanSchedule;
  /** Null until disbursed. */
  ledger: LoanLedgerView | null;
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
};

/** A holder's loans, and the guarantees others have asked of them. */
export type MyLoans = { loans: LoanView[]; guaranteeRequests: LoanView[] };
