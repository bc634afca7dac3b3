import type { InstalmentPosition, IsoDate, LoanKind, LoanSchedule } from '@kobo/core';
import { ScheduleTable } from '../schedule-table.tsx';
import { CardDisclosure } from './card-disclosure.tsx';

type Props = {
  schedule: LoanSchedule;
  positions?: InstalmentPosition[];
  asOf?: IsoDate;
  label?: string;
  caption?: string;
  kind?: LoanKind;
};

/** A "Schedule" button that shows or hides the repayment table. */
export function ScheduleDisclosure({ schedule, positions, asOf, label = 'Schedule', caption, kind }: Props) {
  return <CardDisclosure label={label}>{() => <ScheduleTable schedule={schedule} positions={positions} asOf={asOf} caption={caption} kind={kind} />}</CardDisclosure>;
}
