import { SAVINGS_PERIODS as PERIODS, SAVINGS_PERIOD_LABELS, type SavingsHolderListItem, type SavingsPeriod, type SavingsTransactionType } from '@kobo/core';

// The words live in core, which the statement spreadsheet reads too; only the colours are the screen's.
export { DEFAULT_SAVINGS_PERIOD, isSavingsPeriod, TRANSACTION_TYPE_LABELS } from '@kobo/core';

export const TRANSACTION_TYPE_COLORS: Record<SavingsTransactionType, string> = {
  deposit: 'green',
  withdrawal: 'red',
  transfer_in: 'teal',
  transfer_out: 'orange',
  penalty: 'red',
  interest: 'green',
};

/** SPEC 2 / 4: the detail page's periods; This Month is the default. */
export const SAVINGS_PERIODS: { value: SavingsPeriod; label: string }[] = PERIODS.map((value) => ({ value, label: SAVINGS_PERIOD_LABELS[value] }));

/** How a holder reads in a list to pick from: 'Tunde Bello (STF001)', or their role without a staff ID. */
export function holderLabel(holder: SavingsHolderListItem): string {
  const tag = holder.staffId ?? holder.role;
  return `${holder.name} (${tag})${holder.active ? '' : ' · inactive'}`;
}
