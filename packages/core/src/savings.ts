/** The savings ledger's rules (SPEC 4); the API's shapes are in contracts/savings.ts. */
export const SAVINGS_TRANSACTION_TYPES = ['deposit', 'withdrawal', 'transfer_in', 'transfer_out'] as const;
export type SavingsTransactionType = (typeof SAVINGS_TRANSACTION_TYPES)[number];

/** SPEC 4 "Balance": deposit and transfer_in add; withdrawal and transfer_out subtract. */
export const INFLOW_TYPES = ['deposit', 'transfer_in'] as const satisfies readonly SavingsTransactionType[];

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
};

/** The longest description a posting keeps. */
export const MAX_SAVINGS_DESCRIPTION_LENGTH = 500;
/** The longest reason for a reversal, a declined or a cancelled request. */
export const MAX_REASON_LENGTH = 500;
