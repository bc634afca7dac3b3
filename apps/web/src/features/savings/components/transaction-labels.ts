import type { SavingsHolderListItem, SavingsPeriod, SavingsTransactionType } from '@kobo/core';

/** The words for a transaction's type, as the statement spreadsheet writes them too. */
export const TRANSACTION_TYPE_LABELS: Record<SavingsTransactionType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
};

export const TRANSACTION_TYPE_COLORS: Record<SavingsTransactionType, string> = {
  deposit: 'green',
  withdrawal: 'red',
  transfer_in: 'teal',
  transfer_out: 'orange',
};

/** SPEC 2 / 4: the detail page's periods; This Month is the default. */
export const SAVINGS_PERIODS: { value: SavingsPeriod; label: string }[] = [
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
  { value: 'year', label: 'This Year' },
];
export const DEFAULT_SAVINGS_PERIOD: SavingsPeriod = 'month';

export function isSavingsPeriod(value: string | null): value is SavingsPeriod {
  return value === 'week' || value === 'month' || value === 'year';
}

/** How a holder reads in a list to pick from: 'Tunde Bello (STF001)', or their role without a staff ID. */
export function holderLabel(holder: SavingsHolderListItem): string {
  const tag = holder.staffId ?? holder.role;
  return `${holder.name} (${tag})${holder.active ? '' : ' · inactive'}`;
}
