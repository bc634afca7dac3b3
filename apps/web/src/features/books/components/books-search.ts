import { useSearchParams } from 'react-router';
import { BOOKS, isSupportedDate, type Book, type DateRange, type IsoDate } from '@kobo/core';
import { useOrgToday } from '../../../lib/org-calendar.ts';

export const BOOK_TABS = ['trial-balance', 'income', 'balance-sheet', 'journal'] as const;
export type BookTab = (typeof BOOK_TABS)[number];
export const BOOK_TAB_LABELS: Record<BookTab, string> = {
  'trial-balance': 'Trial balance',
  income: 'Income and expenditure',
  'balance-sheet': 'Balance sheet',
  journal: 'Journal',
};

export function bookOf(value: string | null): Book {
  return BOOKS.find((book) => book === value) ?? 'scheme';
}

export function tabOf(value: string | null): BookTab {
  return BOOK_TABS.find((tab) => tab === value) ?? 'trial-balance';
}

function dayOf(value: string | null): IsoDate | null {
  return value !== null && isSupportedDate(value) ? value : null;
}

export type BooksSearch = {
  book: Book;
  tab: BookTab;
  /** The day a trial balance or balance sheet is drawn at; null until the organisation's today is known. */
  asOf: IsoDate | null;
  /** The period of the income statement, the journal and a ledger; null until known, or when it ends before it starts. */
  range: DateRange | null;
  from: IsoDate | null;
  to: IsoDate | null;
  isRangeBackwards: boolean;
};

export type BooksSearchChange = Partial<Record<'book' | 'tab' | 'asOf' | 'from' | 'to', string | null>>;

/**
 * What the books' screens show lives in the address (`?book=organisation&tab=journal&from=&to=`), so a
 * reload, Back or a shared link keeps it. Days left out read as the organisation's today, and the
 * period as this calendar year so far.
 */
export function useBooksSearch(): BooksSearch & { change: (change: BooksSearchChange) => void } {
  const [params, setParams] = useSearchParams();
  const { today } = useOrgToday();
  const asOf = dayOf(params.get('asOf')) ?? today;
  const from = dayOf(params.get('from')) ?? (today ? `${today.slice(0, 4)}-01-01` : null);
  const to = dayOf(params.get('to')) ?? today;
  const isRangeBackwards = from !== null && to !== null && to < from;

  // Applied to the address as it is now, read from the window: a field's late callback may hold stale params.
  function change(next: BooksSearchChange) {
    const query = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(next)) {
      if (value) query.set(key, value);
      else query.delete(key);
    }
    setParams(query, { replace: true });
  }

  return {
    book: bookOf(params.get('book')),
    tab: tabOf(params.get('tab')),
    asOf,
    from,
    to,
    range: from && to && !isRangeBackwards ? { from, to } : null,
    isRangeBackwards,
    change,
  };
}
