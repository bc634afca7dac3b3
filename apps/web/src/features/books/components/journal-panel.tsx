import { Button, Center, Stack, Text } from '@mantine/core';
import { MESSAGES, type Book } from '@kobo/core';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCalendarDate } from '../../../lib/format-calendar-date.ts';
import { useJournal } from '../api/get-journal.ts';
import type { BooksSearch, BooksSearchChange } from './books-search.ts';
import { JournalEntryCard } from './journal-entry-card.tsx';
import { PeriodFields } from './period-fields.tsx';
import { ReportBody } from './report-body.tsx';
import { ReportHeading } from './report-heading.tsx';
import { ReportToolbar } from './report-toolbar.tsx';

type Props = { book: Book; search: BooksSearch; onChange: (change: BooksSearchChange) => void };

/** The book's entries in a period, newest day first, each with its lines and what made it. */
export function JournalPanel({ book, search, onChange }: Props) {
  const range = search.range;
  const journal = useJournal(book, range);
  const entries = journal.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <>
      <ReportToolbar label="Journal period" download={range ? { report: 'journal', query: { book, ...range } } : null}>
        <PeriodFields search={search} onChange={onChange} />
      </ReportToolbar>
      {range && (
        <ReportBody
          isPending={journal.isPending}
          isRefreshing={false}
          // Entries already shown stay when a later page fails; the failure is said under them.
          error={entries.length === 0 ? journal.error : null}
          failedMessage={MESSAGES.loadJournalFailed}
        >
          <ReportHeading title="Journal" book={book} days={`${formatCalendarDate(range.from)} – ${formatCalendarDate(range.to)}`} />
          {entries.length === 0 ? (
            <Text c="dimmed">{MESSAGES.noJournalEntries}</Text>
          ) : (
            <Stack gap="sm">
              {entries.map((entry) => (
                <JournalEntryCard key={entry.id} entry={entry} />
              ))}
            </Stack>
          )}
          {entries.length > 0 && journal.isError && <ErrorBanner message={errorMessage(journal.error, MESSAGES.loadJournalFailed)} />}
          {journal.hasNextPage && (
            <Center data-print-hidden>
              <Button variant="light" loading={journal.isFetchingNextPage} onClick={() => void journal.fetchNextPage()}>
                Load more
              </Button>
            </Center>
          )}
        </ReportBody>
      )}
    </>
  );
}
