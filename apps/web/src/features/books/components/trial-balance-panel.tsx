import { Badge, Group, Table, Text } from '@mantine/core';
import { MESSAGES, formatNaira, type Book, type TrialBalanceView } from '@kobo/core';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { useTrialBalance } from '../api/get-trial-balance.ts';
import { AccountLink } from './account-link.tsx';
import { DayField } from './day-field.tsx';
import { DebitCreditHead, MoneyCell } from './money-cell.tsx';
import { ReportBody } from './report-body.tsx';
import { ReportHeading } from './report-heading.tsx';
import { ReportTable } from './report-table.tsx';
import { ReportToolbar } from './report-toolbar.tsx';
import classes from './books.module.css';

type Props = { book: Book; asOf: string | null; onAsOf: (day: string) => void };

/** Every account with a balance at the end of a day, in debit or credit, and whether the two agree. */
export function TrialBalancePanel({ book, asOf, onAsOf }: Props) {
  const report = useTrialBalance(book, asOf);
  return (
    <>
      <ReportToolbar label="Trial balance day" download={asOf ? { report: 'trial-balance', query: { book, asOf } } : null}>
        <DayField label="As at" value={asOf} onChange={onAsOf} />
      </ReportToolbar>
      <ReportBody isPending={report.isPending} isRefreshing={report.isPlaceholderData} error={report.error} failedMessage={MESSAGES.loadBooksFailed}>
        {report.data && <TrialBalance view={report.data} />}
      </ReportBody>
    </>
  );
}

function TrialBalance({ view }: { view: TrialBalanceView }) {
  const differenceKobo = view.totalDebitKobo - view.totalCreditKobo;
  return (
    <>
      <ReportHeading title="Trial balance" book={view.book} days={`as at ${formatCalendarDate(view.asOf)}`} />
      {view.rows.length === 0 ? (
        <Text c="dimmed">{MESSAGES.noBookBalances}</Text>
      ) : (
        <ReportTable label="Trial balance" minWidth={340} maxWidth={800}>
          <DebitCreditHead />
          <Table.Tbody>
            {view.rows.map((row) => (
              <Table.Tr key={row.accountId}>
                <Table.Td>
                  <AccountLink accountId={row.accountId} code={row.code} name={row.name} />
                </Table.Td>
                <MoneyCell kobo={row.debitKobo} blankZero />
                <MoneyCell kobo={row.creditKobo} blankZero />
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr className={classes.total}>
              <Table.Th scope="row">Total</Table.Th>
              <MoneyCell kobo={view.totalDebitKobo} />
              <MoneyCell kobo={view.totalCreditKobo} />
            </Table.Tr>
          </Table.Tfoot>
        </ReportTable>
      )}
      <Group gap="xs">
        {differenceKobo === 0 ? (
          <Badge color="green" variant="light" size="lg">
            Balanced
          </Badge>
        ) : (
          <Badge color="red" variant="light" size="lg">
            Difference {formatNaira(Math.abs(differenceKobo))}
          </Badge>
        )}
      </Group>
    </>
  );
}
