import { Link } from 'react-router';
import { Anchor, Group, SegmentedControl, Stack, Tabs } from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Tabs.css';
import { BOOKS, BOOK_LABELS, can } from '@kobo/core';
import { PageTitle } from '../../../components/page-title.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { paths } from '../../../lib/paths.ts';
import { BalanceSheetPanel } from './balance-sheet-panel.tsx';
import { BOOK_TABS, BOOK_TAB_LABELS, bookOf, tabOf, useBooksSearch } from './books-search.ts';
import { IncomeStatementPanel } from './income-statement-panel.tsx';
import { JournalPanel } from './journal-panel.tsx';
import { TrialBalancePanel } from './trial-balance-panel.tsx';
import '../../../components/print-page.css';
import './books-print.css';

const BOOK_CHOICES = BOOKS.map((book) => ({ value: book, label: BOOK_LABELS[book] }));

/**
 * /books (issue 27): the savings scheme's book or the organisation's, as a trial balance, an income
 * and expenditure account, a balance sheet or the journal. Book, tab and days live in the address.
 */
export function BooksPage() {
  const search = useBooksSearch();
  const { book, tab, change } = search;
  const canManage = can(useSession().data?.role, 'manage_books');
  return (
    <div data-books-page>
      <PageTitle>Books</PageTitle>
      <Stack gap="md" maw={1080} data-printable data-books-printable>
        <Group justify="space-between" gap="sm" data-print-hidden>
          <SegmentedControl aria-label="Book" data={BOOK_CHOICES} value={book} onChange={(value) => change({ book: bookOf(value) })} />
          {/* The books' other screens: locked months and opening balances (readable by whoever reads the books), and a manual entry for those who keep them. */}
          <Group component="nav" aria-label="More in the books" gap="md">
            <Anchor component={Link} to={paths.books.locks} size="sm">
              Locked months
            </Anchor>
            <Anchor component={Link} to={paths.books.opening} size="sm">
              Opening balances
            </Anchor>
            <Anchor component={Link} to={paths.books.yearEnd} size="sm">
              Year end
            </Anchor>
            {canManage && (
              <Anchor component={Link} to={paths.books.newEntry} size="sm">
                New journal entry
              </Anchor>
            )}
          </Group>
        </Group>
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
