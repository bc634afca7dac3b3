import { Badge, Table, Text } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { formatNaira, instalmentOwed, loanChargeLabels, type InstalmentPosition, type IsoDate, type LoanKind, type LoanSchedule } from '@kobo/core';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';

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

/**
 * A loan's repayment schedule: due date, principal, interest and instalment, with the principal
 * still owed after each; once disbursed, whether each is paid, due or overdue. Scrolls sideways on
 * a phone rather than squeezing figures.
 */
export function ScheduleTable({ schedule, positions, asOf, caption = 'Repayment schedule', kind }: Props) {
  const byNumber = new Map(positions?.map((position) => [position.number, position]));
  const showStanding = positions !== undefined && asOf !== undefined;
  return (
    // Scrolls sideways on a phone with nothing focusable inside: the region itself takes focus so
    // the arrow keys can scroll it (WCAG 2.1.1, axe's scrollable-region-focusable).
    <Table.ScrollContainer minWidth={showStanding ? 560 : 460} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}>
      <Table striped verticalSpacing={4} fz="sm">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">#</Table.Th>
            <Table.Th scope="col">Due</Table.Th>
            <Table.Th scope="col" ta="right">Principal</Table.Th>
            <Table.Th scope="col" ta="right">{loanChargeLabels(kind).charge}</Table.Th>
            <Table.Th scope="col" ta="right">Instalment</Table.Th>
            <Table.Th scope="col" ta="right">Owed after</Table.Th>
            {showStanding && <Table.Th scope="col">Status</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedule.instalments.map((row) => {
            const position = byNumber.get(row.number);
            const standing = position && asOf ? standingOf(position, asOf) : null;
            return (
              <Table.Tr key={row.number}>
                <Table.Td>{row.number}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(row.dueDate)}</Table.Td>
                <Table.Td ta="right">{formatNaira(row.principal)}</Table.Td>
                <Table.Td ta="right">{formatNaira(row.interest)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatNaira(row.total)}
                </Table.Td>
                <Table.Td ta="right">{formatNaira(row.principalAfter)}</Table.Td>
                {showStanding && (
                  <Table.Td>
                    {standing ? (
                      <Badge size="sm" variant="light" color={STANDING_COLOURS[standing]}>
                        {standing}
                      </Badge>
                    ) : (
                      <Text size="sm">—</Text>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
