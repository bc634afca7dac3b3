import type { Kobo } from '../money.ts';
import type { Role } from '../roles.ts';
import type { IsoDate, SavingsPeriod } from '../periods.ts';
import type { SavingsTransactionType } from '../savings.ts';

/**
 * What the savings API answers (docs/decisions/007-savings-api.md), shared so the screens type
 * their fetchers with the server's own shapes. Money is integer kobo; times are ISO strings.
 */
export type SavingsAccountView = {
  /** Null until the first posting opens the account: reading a holder never opens one. */
  accountId: string | null;
  /** Null once the holder's user record is deleted: the history stays. */
  userId: string | null;
  holderName: string;
  email: string | null;
  role: Role | null;
  staffId: string | null;
  balanceKobo: Kobo;
  /**
   * What is held of the balance: loans' liens (issue 12) plus withdrawals and transfers awaiting
   * approval (issue 15). The available balance is balance − held.
   */
  heldKobo: Kobo;
  /** The part of heldKobo that withdrawals and transfers awaiting approval hold (issue 15). */
  pendingKobo: Kobo;
  /** What a withdrawal or transfer may take: balance − held, worked out once, by the server (issue 27). */
  availableKobo: Kobo;
  lastUpdated: string;
  createdAt: string;
};

export type SavingsTransactionView = {
  id: string;
  type: SavingsTransactionType;
  amountKobo: Kobo;
  description: string | null;
  createdAt: string;
  createdByEmail: string;
  /** The admin who posted it; null when holders post on their own account. */
  processedByEmail: string | null;
  /** Both legs of a transfer share it. */
  transferId: string | null;
  counterpartyAccountId: string | null;
  /** The other side of a transfer: the recipient on transfer_out, the sender on transfer_in. */
  counterpartyName: string | null;
  /** The day the money counts for (issue 11); histories show createdAt too where the days differ. */
  valueDate: IsoDate;
  /** On a reversal: the posting it undoes, and why. */
  reversesId: string | null;
  reason: string | null;
  /** On a reversed posting: the reversal that undid it. */
  reversedById: string | null;
  /** The monthly run or payroll file it came from. */
  batchId: string | null;
};

/** One row of the admin's staff picker: everyone who is not an admin. */
export type SavingsHolderListItem = {
  userId: string;
  name: string;
  email: string;
  role: Role;
  staffId: string | null;
  phoneNumber: string | null;
  active: boolean;
  /** Null until the account is first needed (regular users); staff always have one. */
  accountId: string | null;
  balanceKobo: Kobo;
  /** What loans and pending requests hold (issues 12, 15): a withdrawal or transfer may take only the rest. */
  heldKobo: Kobo;
  /** The part of heldKobo that withdrawals and transfers awaiting approval hold (issue 15). */
  pendingKobo: Kobo;
  /** What a withdrawal or transfer may take: balance − held, worked out once, by the server (issue 27). */
  availableKobo: Kobo;
  lastUpdated: string | null;
  /** The standing monthly contribution (issue 11); 0 means none. */
  monthlyContributionKobo: Kobo;
};

export type MySavings = { account: SavingsAccountView; transactions: SavingsTransactionView[] };

export type SavingsPeriodSummary = { balanceKobo: Kobo; inflowKobo: Kobo; outflowKobo: Kobo; netKobo: Kobo };

export type SavingsAccountDetail = {
  account: SavingsAccountView;
  period: { name: SavingsPeriod; start: string; end: string };
  summary: SavingsPeriodSummary;
  transactions: SavingsTransactionView[];
};

export type PostedTransaction = { transaction: SavingsTransactionView; account: SavingsAccountView };

export type PostedTransfer = {
  transferId: string;
  createdAt: string;
  amountKobo: Kobo;
  out: SavingsTransactionView;
  in: SavingsTransactionView;
  from: SavingsAccountView;
  to: SavingsAccountView;
};

export type StatementRow = SavingsTransactionView & { balanceAfterKobo: Kobo };

export type SavingsStatement = {
  account: SavingsAccountView;
  from: string;
  to: string;
  openingBalanceKobo: Kobo;
  closingBalanceKobo: Kobo;
  rows: StatementRow[];
};

/** What a reversal answers: the new, opposite postings (two for a transfer) and the accounts after. */
export type PostedReversal = {
  reversed: SavingsTransactionView[];
  reversals: SavingsTransactionView[];
  accounts: SavingsAccountView[];
};
