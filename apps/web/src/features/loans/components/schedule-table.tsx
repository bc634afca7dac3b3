import { Badge, Text } from '@mantine/core';
import { formatNaira, instalmentOwed, loanChargeLabels, type InstalmentPosition, type IsoDate, type LoanKind, type LoanSchedule } from '@kobo/core';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { StackedTable, type StackedColumn } from '../../../components/stacked-table.tsx';

type Props = {
  schedule: LoanSchedule;
  /** Once disbursed: what each instalment has had paid, and today, to mark what is overdue. */
  positions?: InstalmentPosition[];
  asOf?: IsoDate;
  caption?: string;
  /** Issue 33: what the loan charges, which names the column (a murabaha's markup, a qard hasan's fee). */
  kind?: LoanKind;
};

type Standing = 'Paid' | 'Overdue' | 'Due' | 'Upcoming';

function standingOf(position: InstalmentPosition, asOf: IsoDate): Standing {
  if (instalmentOwed(position) <= 0) return 'Paid';
  if (position.dueDate < asOf) return 'Overdue';
  // Due from the first day of its month (docs/decisions/019-loans.md).
  return position.dueDate.slice(0, 7) <= asOf.slice(0, 7) ? 'Due' : 'Upcoming';
}

const STANDING_COLOURS: Record<Standing, string> = { Paid: 'green', Overdue: 'red', Due: 'yellow', Upcoming: 'gray' };

type Row = LoanSchedule['instalments'][number];

/**
 * A loan's repayment schedule: due date, principal, interest and instalment, with the principal
 * still owed after each; once disbursed, whether each is paid, due or overdue. On a phone each
 * instalment is a card of its own, every figure in sight (issue 34).
 */
export function ScheduleTable({ schedule, positions, asOf, caption = 'Repayment schedule', kind }: Props) {
  const byNumber = new Map(positions?.map((position) => [position.number, position]));
  const standingOfRow = (row: Row) => {
    const position = byNumber.get(row.number);
    return position && asOf ? standingOf(position, asOf) : null;
  };
  const columns: StackedColumn<Row>[] = [
    { label: '#', cell: (row) => row.number },
    { label: 'Due', cell: (row) => formatCalendarDate(row.dueDate), nowrap: true },
    { label: 'Principal', cell: (row) => formatNaira(row.principal), align: 'right' },
    { label: loanChargeLabels(kind).charge, cell: (row) => formatNaira(row.interest), align: 'right' },
    { label: 'Instalment', cell: (row) => formatNaira(row.total), align: 'right', emphasis: true },
    { label: 'Owed after', cell: (row) => formatNaira(row.principalAfter), align: 'right' },
  ];
  if (positions !== undefined && asOf !== undefined) {
    columns.push({ label: 'Status', cell: (row) => standingBadge(standingOfRow(row)) });
  }
  return <StackedTable caption={caption} columns={columns} rows={schedule.instalments} rowKey={(row) => row.number} />;
}

/** A cell's content, not a component: the table calls it for each row. */
function standingBadge(standing: Standing | null) {
  if (!standing) return <Text size="sm">—</Text>;
  return (
    <Badge size="sm" variant="light" color={STANDING_COLOURS[standing]}>
      {standing}
    </Badge>
  );
}
