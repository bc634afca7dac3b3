import { SegmentedControl } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import type { SavingsPeriod } from '@kobo/core';
import { SAVINGS_PERIODS } from './transaction-labels.ts';

/** SPEC 2: This Week (from Monday 00:00), This Month, This Year; radios, so arrow keys move between them. */
export function PeriodFilter({ value, onChange }: { value: SavingsPeriod; onChange: (period: SavingsPeriod) => void }) {
  return (
    <SegmentedControl<SavingsPeriod> aria-label="Period" data={SAVINGS_PERIODS} value={value} onChange={onChange} />
  );
}
