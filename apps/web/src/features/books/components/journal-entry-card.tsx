import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { JOURNAL_SOURCE_LABELS, type JournalEntryView } from '@kobo/core';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { AccountLink } from './account-link.tsx';
import { MoneyCell, MoneyHead } from './money-cell.tsx';
import { ReportTable } from './report-table.tsx';
import { SourceLink } from './source-link.tsx';

/** One journal entry: its day, number, narration and source, then its lines in debit and credit. */
export function JournalEntryCard({ entry }: { entry: JournalEntryView }) {
  const title = `Entry ${entry.seq}`;
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
        <ReportTable label={`${title} lines`} minWidth={320}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <MoneyHead>Debit</MoneyHead>
              <MoneyHead>Credit</MoneyHead>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entry.lines.map((line, index) => (
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
      </Stack>
    </Paper>
  );
}
