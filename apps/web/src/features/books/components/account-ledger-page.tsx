import { Link, useParams } from 'react-router';
import { Anchor, Button, Center, Stack, Table, Text } from '@mantine/core';
import { FaArrowLeft } from 'react-icons/fa';
import { ACCOUNT_KIND_LABELS, MESSAGES, type GeneralLedgerView } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { paths } from '../../../lib/paths.ts';
import { useAccountLedger } from '../api/get-account-ledger.ts';
import { useBooksSearch } from './books-search.ts';
import { MoneyCell, MoneyHead } from './money-cell.tsx';
import { PeriodFields } from './period-fields.tsx';
import { ReportBody } from './report-body.tsx';
import { ReportHeading } from './report-heading.tsx';
import { ReportTable } from './report-table.tsx';
import { ReportToolbar } from './report-toolbar.tsx';
import { SourceLink } from './source-link.tsx';
import classes from './books.module.css';
import '../../../components/print-page.css';
import './books-print.css';

/**
 * /books/accounts/:id (issue 27): one account's general ledger for a period: the balance it opened
 * with, each line with the balance after it, and the balance it closed with. `?from=&to=` keep the days.
 */
export function AccountLedgerPage() {
  const { id = '' } = useParams();
  const search = useBooksSearch();
  const range = search.range;
  const ledger = useAccountLedger(id, range);
  const pages = ledger.data?.pages ?? [];
  const first = pages[0];
  const last = pages.at(-1);
  return (
    <div data-books-page>
      <PageTitle>General ledger</PageTitle>
      <Stack gap="md" maw={1080} data-printable data-books-printable>
        <div data-print-hidden>
          <Anchor component={Link} to={paths.books.reports} size="sm">
            <FaArrowLeft aria-hidden /> Books
          </Anchor>
        </div>
        <ReportToolbar label="Ledger period" download={range ? { report: 'account-ledger', accountId: id, query: range } : null}>
          <PeriodFields search={search} onChange={search.change} />
        </ReportToolbar>
        {range && (
          <ReportBody isPending={ledger.isPending} isRefreshing={false} error={pages.length === 0 ? ledger.error : null} failedMessage={MESSAGES.loadAccountLedgerFailed}>
            {first && last && (
              <>
                <ReportHeading
                  title={`${first.account.code} · ${first.account.name}`}
                  book={first.account.book}
                  days={`${ACCOUNT_KIND_LABELS[first.account.kind]} · ${formatCalendarDate(first.from)} – ${formatCalendarDate(first.to)}`}
                />
                <LedgerTable first={first} lines={pages.flatMap((page) => page.lines)} closingKobo={last.closingKobo} isComplete={!ledger.hasNextPage} />
              </>
            )}
            {pages.length > 0 && ledger.isError && <ErrorBanner message={errorMessage(ledger.error, MESSAGES.loadAccountLedgerFailed)} />}
            {ledger.hasNextPage && (
              <Center data-print-hidden>
                <Button variant="light" loading={ledger.isFetchingNextPage} onClick={() => void ledger.fetchNextPage()}>
                  Load more
                </Button>
              </Center>
            )}
          </ReportBody>
        )}
      </Stack>
    </div>
  );
}

type LedgerTableProps = {
  first: GeneralLedgerView;
  lines: GeneralLedgerView['lines'];
  closingKobo: number;
  /** Every page is shown, so the closing balance follows the last line. */
  isComplete: boolean;
};

function LedgerTable({ first, lines, closingKobo, isComplete }: LedgerTableProps) {
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
