import { BOOK_ADMIN, BOOK_READERS, nobody, type ExpectedAccess } from './access-outcomes.ts';

/** The route × role rows for locked months, manual journal entries and opening balances (issue 27). */
export const BOOK_ENTRIES_ACCESS: ExpectedAccess[] = [
  { method: 'GET', url: '/api/books/locks', expect: BOOK_READERS },
  // An empty body fails validation; unlocking a month that was never locked changes nothing.
  { method: 'POST', url: '/api/books/locks', expect: BOOK_ADMIN, body: {} },
  { method: 'DELETE', url: '/api/books/locks/:book/:month', expect: BOOK_ADMIN, path: '/api/books/locks/scheme/1999-01' },
  { method: 'POST', url: '/api/books/entries', expect: BOOK_ADMIN, body: {} },
  { method: 'GET', url: '/api/books/entry-requests', expect: BOOK_READERS },
  { method: 'POST', url: '/api/books/entry-requests/:id/approve', expect: BOOK_ADMIN, path: `/api/books/entry-requests/${nobody}/approve`, body: {} },
  { method: 'POST', url: '/api/books/entry-requests/:id/decline', expect: BOOK_ADMIN, path: `/api/books/entry-requests/${nobody}/decline`, body: { reason: 'access check' } },
  { method: 'POST', url: '/api/books/opening', expect: BOOK_ADMIN, body: {} },
  { method: 'GET', url: '/api/books/opening', expect: BOOK_READERS, path: '/api/books/opening?book=scheme' },
];
