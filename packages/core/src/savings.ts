/** The savings ledger's rules (SPEC 4); the API's shapes are in contracts/savings.ts. */
import type { Kobo } from './money.ts';
/** Issue 29 adds 'penalty' (an early withdrawal's or a fixed deposit's break charge) and 'interest' (paid to the member). */
export const SAVINGS_TRANSACTION_TYPES = ['deposit', 'withdrawal', 'transfer_in', 'transfer_out', 'penalty', 'interest'] as const;
export type SavingsTransactionType = (typeof SAVINGS_TRANSACTION_TYPES)[number];

/** SPEC 4 "Balance": deposit and transfer_in add; withdrawal and transfer_out subtract (and interest adds, a penalty subtracts). */
export const INFLOW_TYPES = ['deposit', 'transfer_in', 'interest'] as const satisfies readonly SavingsTransactionType[];

export function isInflow(type: SavingsTransactionType): boolean {
  return (INFLOW_TYPES as readonly SavingsTransactionType[]).includes(type);
}

export function signedAmountKobo(type: SavingsTransactionType, amountKobo: number): number {
  return isInflow(type) ? amountKobo : -amountKobo;
}

/** The words for a transaction's type, on screen and in the statement spreadsheet. */
export const TRANSACTION_TYPE_LABELS: Record<SavingsTransactionType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
  penalty: 'Penalty',
  interest: 'Interest',
};

/** The longest description a posting keeps. */
export const MAX_SAVINGS_DESCRIPTION_LENGTH = 500;
/** The longest reason for a reversal, a declined or a cancelled request. */
export const MAX_REASON_LENGTH = 500;

/**
 * What a withdrawal or transfer may take: the balance less what loans and pending requests hold,
 * never below ₦0. The server works it out once and sends it as `availableKobo` (issue 27); screens
 * show that figure rather than subtracting for themselves.
 */
export function availableOf(account: { balanceKobo: number; heldKobo: number }): Kobo {
  return Math.max(0, account.balanceKobo - account.heldKobo) as Kobo;
}
