import { Table, Text } from '@mantine/core';
import { MESSAGES, type GeneralLedgerView } from '@kobo/core';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { MoneyCell, MoneyHead } from './money-cell.tsx';
import { ReportTable } from './report-table.tsx';
import { SourceLink } from './source-link.tsx';
import classes from './books.module.css';

/** What a general ledger shows, as a table (wide screens) or as cards (phones). */
export type LedgerLinesProps = {
  first: GeneralLedgerView;
  lines: GeneralLedgerView['lines'];
  closingKobo: number;
  /** Every page is shown, so the closing balance follows the last line. */
  isComplete: boolean;
};

/** The ledger on a wide screen: opening balance, each line with the balance after it, closing balance. */
export function LedgerTable({ first, lines, closingKobo, isComplete }: LedgerLinesProps) {
  return (
    <ReportTable label="Ledger lines" minWidth={600}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Date</Table.Th>
          <Table.Th>Narration</Table.Th>
          <MoneyHead>Debit</MoneyHead>
          <MoneyHead>Credit</MoneyHead>
          <MoneyHead>Balance</MoneyHead>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr className={classes.section}>
          <Table.Th scope="row" colSpan={4}>
            Opening balance
          </Table.Th>
          <MoneyCell kobo={first.openingKobo} />
        </Table.Tr>
        {lines.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={5}>
              <Text c="dimmed" size="sm">
                {MESSAGES.noLedgerLines}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {lines.map((line, index) => (
          // One entry may post to this account on two lines (a transfer between two members).
          <Table.Tr key={`${line.entryId}-${index}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">
                <time dateTime={line.valueDate}>{formatCalendarDate(line.valueDate)}</time>
              </Text>
              <Text size="xs" c="dimmed">
                No. {line.seq}
              </Text>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm">{line.narration}</Text>
              {line.subledgerName && (
                <Text size="xs" c="dimmed">
                  {line.subledgerName}
                </Text>
              )}
              <SourceLink link={line.link} />
            </Table.Td>
            <MoneyCell kobo={line.debitKobo} blankZero />
            <MoneyCell kobo={line.creditKobo} blankZero />
            <MoneyCell kobo={line.balanceKobo} />
          </Table.Tr>
        ))}
      </Table.Tbody>
      {isComplete && (
        <Table.Tfoot>
          <Table.Tr className={classes.total}>
            <Table.Th scope="row" colSpan={4}>
              Closing balance
            </Table.Th>
            <MoneyCell kobo={closingKobo} />
          </Table.Tr>
        </Table.Tfoot>
      )}
    </ReportTable>
  );
}
