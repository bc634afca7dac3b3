import { Badge, Table, Text } from '@mantine/core';
import { MESSAGES, formatNaira, type BalanceSheetView, type Book } from '@kobo/core';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { useBalanceSheet } from '../api/get-balance-sheet.ts';
import { DayField } from './day-field.tsx';
import { MoneyCell, MoneyHead } from './money-cell.tsx';
import { ReportBody } from './report-body.tsx';
import { ReportHeading } from './report-heading.tsx';
import { ReportSection } from './report-section.tsx';
import { ReportTable } from './report-table.tsx';
import { ReportToolbar } from './report-toolbar.tsx';
import classes from './books.module.css';

type Props = { book: Book; asOf: string | null; onAsOf: (day: string) => void };

/** Assets against liabilities and equity at the end of a day; the surplus not yet closed stands in equity. */
export function BalanceSheetPanel({ book, asOf, onAsOf }: Props) {
  const report = useBalanceSheet(book, asOf);
  return (
    <>
      <ReportToolbar label="Balance sheet day" download={asOf ? { report: 'balance-sheet', query: { book, asOf } } : null}>
        <DayField label="As at" value={asOf} onChange={onAsOf} />
      </ReportToolbar>
      <ReportBody isPending={report.isPending} isRefreshing={report.isPlaceholderData} error={report.error} failedMessage={MESSAGES.loadBooksFailed}>
        {report.data && <BalanceSheet view={report.data} />}
      </ReportBody>
    </>
  );
}

function BalanceSheet({ view }: { view: BalanceSheetView }) {
  const isEmpty = view.assets.length + view.liabilities.length + view.equity.length === 0 && view.surplusToDateKobo === 0;
  // Integer kobo added once, for the last line a balance sheet always shows.
  const liabilitiesAndEquityKobo = view.totalLiabilitiesKobo + view.totalEquityKobo;
  const differenceKobo = view.totalAssetsKobo - liabilitiesAndEquityKobo;
  return (
    <>
      <ReportHeading title="Balance sheet" book={view.book} days={`as at ${formatCalendarDate(view.asOf)}`} />
      {isEmpty ? (
        <Text c="dimmed">{MESSAGES.noBookBalances}</Text>
      ) : (
        <ReportTable label="Balance sheet" minWidth={300} maxWidth={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <MoneyHead>Amount</MoneyHead>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <ReportSection title="Assets" rows={view.assets} totalLabel="Total assets" totalKobo={view.totalAssetsKobo} />
            <ReportSection title="Liabilities" rows={view.liabilities} totalLabel="Total liabilities" totalKobo={view.totalLiabilitiesKobo} />
            <ReportSection
              title="Equity"
              rows={view.equity}
              extra={
                <Table.Tr>
                  <Table.Td>Surplus to date</Table.Td>
                  <MoneyCell kobo={view.surplusToDateKobo} />
                </Table.Tr>
              }
              totalLabel="Total equity"
              totalKobo={view.totalEquityKobo}
            />
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr className={classes.total}>
              <Table.Th scope="row">Total liabilities and equity</Table.Th>
              <MoneyCell kobo={liabilitiesAndEquityKobo} />
            </Table.Tr>
          </Table.Tfoot>
        </ReportTable>
      )}
      {differenceKobo !== 0 && (
        <Badge color="red" variant="light" size="lg">
          Difference {formatNaira(Math.abs(differenceKobo))}
        </Badge>
      )}
    </>
  );
}
