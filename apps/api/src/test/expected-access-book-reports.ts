import { BOOK_READERS, nobody, type ExpectedAccess } from './access-outcomes.ts';

/** The route × role rows for the books' reports (admins and the auditor read them): trial balance, income and expenditure, balance sheet, general ledger, journal (issue 27). */
export const BOOK_REPORTS_ACCESS: ExpectedAccess[] = [
  { method: 'GET', url: '/api/books/accounts', expect: BOOK_READERS, path: '/api/books/accounts?book=scheme' },
  { method: 'GET', url: '/api/books/trial-balance', expect: BOOK_READERS, path: '/api/books/trial-balance?book=scheme&asOf=2026-11-26' },
  { method: 'GET', url: '/api/books/trial-balance.xlsx', expect: BOOK_READERS, path: '/api/books/trial-balance.xlsx?book=scheme&asOf=2026-11-26' },
  { method: 'GET', url: '/api/books/income-statement', expect: BOOK_READERS, path: '/api/books/income-statement?book=scheme&from=2026-01-01&to=2026-11-26' },
  {
    method: 'GET',
    url: '/api/books/income-statement.xlsx',
    expect: BOOK_READERS,
    path: '/api/books/income-statement.xlsx?book=scheme&from=2026-01-01&to=2026-11-26',
  },
  { method: 'GET', url: '/api/books/balance-sheet', expect: BOOK_READERS, path: '/api/books/balance-sheet?book=organisation&asOf=2026-11-26' },
  { method: 'GET', url: '/api/books/balance-sheet.xlsx', expect: BOOK_READERS, path: '/api/books/balance-sheet.xlsx?book=organisation&asOf=2026-11-26' },
  // A made-up account is 404 for whoever gets past the gate.
  { method: 'GET', url: '/api/books/accounts/:id/ledger', expect: BOOK_READERS, path: `/api/books/accounts/${nobody}/ledger` },
  { method: 'GET', url: '/api/books/accounts/:id/ledger.xlsx', expect: BOOK_READERS, path: `/api/books/accounts/${nobody}/ledger.xlsx` },
  { method: 'GET', url: '/api/books/journal', expect: BOOK_READERS, path: '/api/books/journal?book=scheme' },
  { method: 'GET', url: '/api/books/journal.xlsx', expect: BOOK_READERS, path: '/api/books/journal.xlsx?book=scheme&from=2026-11-01&to=2026-11-26' },
];
