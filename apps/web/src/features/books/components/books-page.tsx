import { SegmentedControl, Stack, Tabs } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Tabs.css';
import { BOOKS, BOOK_LABELS } from '@kobo/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { BalanceSheetPanel } from './balance-sheet-panel.tsx';
import { BOOK_TABS, BOOK_TAB_LABELS, bookOf, tabOf, useBooksSearch } from './books-search.ts';
import { IncomeStatementPanel } from './income-statement-panel.tsx';
import { JournalPanel } from './journal-panel.tsx';
import { TrialBalancePanel } from './trial-balance-panel.tsx';
import './books-print.css';

const BOOK_CHOICES = BOOKS.map((book) => ({ value: book, label: BOOK_LABELS[book] }));

/**
 * /books (issue 27): the savings scheme's book or the organisation's, as a trial balance, an income
 * and expenditure account, a balance sheet or the journal. Book, tab and days live in the address.
 */
export function BooksPage() {
  const search = useBooksSearch();
  const { book, tab, change } = search;
  return (
    <div data-books-page>
      <PageTitle>Books</PageTitle>
      <Stack gap="md" maw={1080} data-books-printable>
        <div data-print-hidden>
          <SegmentedControl aria-label="Book" data={BOOK_CHOICES} value={book} onChange={(value) => change({ book: bookOf(value) })} />
        </div>
        <Tabs value={tab} onChange={(value) => change({ tab: tabOf(value) === 'trial-balance' ? null : tabOf(value) })} keepMounted={false}>
          <Tabs.List mb="md" data-print-hidden>
            {BOOK_TABS.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {BOOK_TAB_LABELS[value]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="trial-balance">
            <Stack gap="md">
              <TrialBalancePanel book={book} asOf={search.asOf} onAsOf={(asOf) => change({ asOf })} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="income">
            <Stack gap="md">
              <IncomeStatementPanel book={book} search={search} onChange={change} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="balance-sheet">
            <Stack gap="md">
              <BalanceSheetPanel book={book} asOf={search.asOf} onAsOf={(asOf) => change({ asOf })} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="journal">
            <Stack gap="md">
              <JournalPanel book={book} search={search} onChange={change} />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </div>
  );
}
