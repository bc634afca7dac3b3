import { Link, useParams } from 'react-router';
import { Anchor, Button, Center, Stack } from '@mantine/core';
import { FaArrowLeft } from 'react-icons/fa';
import { ACCOUNT_KIND_LABELS, MESSAGES } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { paths } from '../../../lib/paths.ts';
import { useIsWideScreen } from '../../../lib/use-screen-size.ts';
import { useAccountLedger } from '../api/get-account-ledger.ts';
import { useBooksSearch } from './books-search.ts';
import { LedgerCards } from './ledger-cards.tsx';
import { LedgerTable, type LedgerLinesProps } from './ledger-table.tsx';
import { PeriodFields } from './period-fields.tsx';
import { ReportBody } from './report-body.tsx';
import { ReportHeading } from './report-heading.tsx';
import { ReportToolbar } from './report-toolbar.tsx';
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
                <LedgerLines first={first} lines={pages.flatMap((page) => page.lines)} closingKobo={last.closingKobo} isComplete={!ledger.hasNextPage} />
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

/** A table where there is room for its five columns; on a phone a card per line, nothing off to the side. */
function LedgerLines(props: LedgerLinesProps) {
  const isWide = useIsWideScreen();
  return isWide ? <LedgerTable {...props} /> : <LedgerCards {...props} />;
}
