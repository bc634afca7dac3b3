import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { JOURNAL_SOURCE_LABELS, type JournalEntryView } from '@kobo/core';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';
import { AccountLink } from './account-link.tsx';
import { SideFigure } from './labelled-figure.tsx';
import { DebitCreditHead, MoneyCell } from './money-cell.tsx';
import { ReportTable } from './report-table.tsx';
import { SourceLink } from './source-link.tsx';

/** One journal entry: its day, number, narration and source, then its lines in debit and credit. */
export function JournalEntryCard({ entry }: { entry: JournalEntryView }) {
  const title = `Entry ${entry.seq}`;
  const isWide = useIsWideScreen();
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={title} data-print-row>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={700} size="sm">
                <time dateTime={entry.valueDate}>{formatCalendarDate(entry.valueDate)}</time> · No. {entry.seq}
              </Text>
              <Badge variant="light" color="gray" size="sm">
                {JOURNAL_SOURCE_LABELS[entry.source]}
              </Badge>
              {entry.reversesEntryId && (
                <Badge variant="light" color="orange" size="sm">
                  Reversal
                </Badge>
              )}
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {entry.narration}
            </Text>
          </div>
          <SourceLink link={entry.link} />
        </Group>
        {isWide ? <JournalLinesTable title={title} lines={entry.lines} /> : <JournalLinesList title={title} lines={entry.lines} />}
      </Stack>
    </Paper>
  );
}

type LinesProps = { title: string; lines: JournalEntryView['lines'] };

/** The entry's lines under Account, Debit and Credit, where there is room for the three columns. */
function JournalLinesTable({ title, lines }: LinesProps) {
  return (
    <ReportTable label={`${title} lines`} minWidth={320}>
      <DebitCreditHead />
      <Table.Tbody>
        {lines.map((line, index) => (
          // An entry may name one account on two lines (two members' savings in a transfer).
          <Table.Tr key={`${line.accountId}-${index}`}>
            <Table.Td>
              <AccountLink accountId={line.accountId} code={line.code} name={line.name} />
              {line.subledgerName && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {line.subledgerName}
                </Text>
              )}
            </Table.Td>
            <MoneyCell kobo={line.debitKobo} blankZero />
            <MoneyCell kobo={line.creditKobo} blankZero />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ReportTable>
  );
}

/**
 * On a phone (issue 34) each line is its account with its debit or credit beside it: a table of
 * three columns ran past a 375 px screen once a figure reached hundreds of millions.
 */
function JournalLinesList({ title, lines }: LinesProps) {
  return (
    <Stack component="ul" aria-label={`${title} lines`} gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {lines.map((line, index) => (
        // An entry may name one account on two lines (two members' savings in a transfer).
        <Group component="li" key={`${line.accountId}-${index}`} justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            <AccountLink accountId={line.accountId} code={line.code} name={line.name} />
            {line.subledgerName && (
              <Text size="xs" c="dimmed">
                {line.subledgerName}
              </Text>
            )}
          </div>
          <SideFigure debitKobo={line.debitKobo} creditKobo={line.creditKobo} alignEnd />
        </Group>
      ))}
    </Stack>
  );
}
