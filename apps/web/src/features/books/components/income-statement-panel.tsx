import { Table, Text } from '@mantine/core';
import { MESSAGES, type Book, type IncomeStatementView } from '@kobo/core';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { useIncomeStatement } from '../api/get-income-statement.ts';
import type { BooksSearch, BooksSearchChange } from './books-search.ts';
import { MoneyCell, MoneyHead } from './money-cell.tsx';
import { PeriodFields } from './period-fields.tsx';
import { ReportBody } from './report-body.tsx';
import { ReportHeading } from './report-heading.tsx';
import { ReportSection } from './report-section.tsx';
import { ReportTable } from './report-table.tsx';
import { ReportToolbar } from './report-toolbar.tsx';
import classes from './books.module.css';

type Props = { book: Book; search: BooksSearch; onChange: (change: BooksSearchChange) => void };

/** Income and expenditure for a period, and the surplus or deficit it leaves. */
export function IncomeStatementPanel({ book, search, onChange }: Props) {
  const report = useIncomeStatement(book, search.range);
  const range = search.range;
  return (
    <>
      <ReportToolbar label="Income and expenditure period" download={range ? { report: 'income-statement', query: { book, ...range } } : null}>
        <PeriodFields search={search} onChange={onChange} />
      </ReportToolbar>
      {range && (
        <ReportBody isPending={report.isPending} isRefreshing={report.isPlaceholderData} error={report.error} failedMessage={MESSAGES.loadBooksFailed}>
          {report.data && <IncomeStatement view={report.data} />}
        </ReportBody>
      )}
    </>
  );
}

function IncomeStatement({ view }: { view: IncomeStatementView }) {
  const isDeficit = view.surplusKobo < 0;
  return (
    <>
      <ReportHeading title="Income and expenditure" book={view.book} days={`${formatCalendarDate(view.from)} – ${formatCalendarDate(view.to)}`} />
      {view.income.length === 0 && view.expenses.length === 0 ? (
        <Text c="dimmed">{MESSAGES.noBookActivity}</Text>
      ) : (
        <ReportTable label="Income and expenditure" minWidth={300} maxWidth={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <MoneyHead>Amount</MoneyHead>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <ReportSection title="Income" rows={view.income} totalLabel="Total income" totalKobo={view.totalIncomeKobo} />
            <ReportSection title="Expenses" rows={view.expenses} totalLabel="Total expenses" totalKobo={view.totalExpensesKobo} />
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr className={classes.total}>
              <Table.Th scope="row">{isDeficit ? 'Deficit for the period' : 'Surplus for the period'}</Table.Th>
              <MoneyCell kobo={Math.abs(view.surplusKobo)} />
            </Table.Tr>
          </Table.Tfoot>
        </ReportTable>
      )}
    </>
  );
}
