import type { Book, EntryRequestStatus } from '@kobo/core';

/** Locked months, manual entries and opening balances: every key starts with 'books', as the reports' do, so a posting refreshes them too. */
export const booksAdminKeys = {
  all: ['books'] as const,
  accounts: (book: Book) => ['books', 'admin-accounts', book] as const,
  locks: ['books', 'locks'] as const,
  entryRequests: (status: EntryRequestStatus) => ['books', 'entry-requests', status] as const,
  opening: (book: Book) => ['books', 'opening', book] as const,
};
