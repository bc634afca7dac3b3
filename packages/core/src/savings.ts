import type { Role } from './roles.ts';
import type { SavingsPeriod } from './periods.ts';

/**
 * The savings API's answers (docs/decisions/007-savings-api.md), shared so the browser reads the
 * same shapes the server writes. Amounts are integer kobo; instants are ISO strings.
 */
export const SAVINGS_TRANSACTION_TYPES = ['deposit', 'withdrawal', 'transfer_in', 'transfer_out'] as const;
export type SavingsTransactionType = (typeof SAVINGS_TRANSACTION_TYPES)[number];

/** SPEC 4 "Balance": deposit and transfer_in add; withdrawal and transfer_out subtract. */
export function signedAmountKobo(type: SavingsTransactionType, amountKobo: number): number {
  return type === 'deposit' || type === 'transfer_in' ? amountKobo : -amountKobo;
}

export type SavingsAccountView = {
  accountId: string;
  /** Null once the holder's user record is deleted: the history stays. */
  userId: string | null;
  holderName: string;
  email: string | null;
  role: Role | null;
  staffId: string | null;
  balanceKobo: number;
  lastUpdated: string;
  createdAt: string;
};

export type SavingsTransactionView = {
  id: string;
  type: SavingsTransactionType;
  amountKobo: number;
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
  balanceKobo: number;
  lastUpdated: string | null;
};

export type MySavings = { account: SavingsAccountView; transactions: SavingsTransactionView[] };

export type SavingsPeriodSummary = { balanceKobo: number; inflowKobo: number; outflowKobo: number; netKobo: number };

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
  amountKobo: number;
  out: SavingsTransactionView;
  in: SavingsTransactionView;
  from: SavingsAccountView;
  to: SavingsAccountView;
};

export type StatementRow = SavingsTransactionView & { balanceAfterKobo: number };

export type SavingsStatement = {
  account: SavingsAccountView;
  from: string;
  to: string;
  openingBalanceKobo: number;
  closingBalanceKobo: number;
  rows: StatementRow[];
};
