import type { Book, IsoDate } from '@kobo/core';

/** The books' reports: every key starts with 'books', so one invalidation refreshes them all. */
export const booksKeys = {
  all: ['books'] as const,
  trialBalance: (book: Book, asOf: IsoDate) => ['books', 'trial-balance', book, asOf] as const,
  incomeStatement: (book: Book, from: IsoDate, to: IsoDate) => ['books', 'income-statement', book, from, to] as const,
  balanceSheet: (book: Book, asOf: IsoDate) => ['books', 'balance-sheet', book, asOf] as const,
  journal: (book: Book, from: IsoDate, to: IsoDate) => ['books', 'journal', book, from, to] as const,
  accountLedger: (accountId: string, from: IsoDate, to: IsoDate) => ['books', 'account-ledger', accountId, from, to] as const,
};
