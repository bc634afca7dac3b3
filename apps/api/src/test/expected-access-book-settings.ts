import { ADMIN, BOOK_READERS, nobody, type ExpectedAccess } from './access-outcomes.ts';

/** The route × role rows for Settings › Books: the chart of accounts and the mappings (issue 27). */
export const BOOK_SETTINGS_ACCESS: ExpectedAccess[] = [
  { method: 'POST', url: '/api/books/accounts', expect: ADMIN, body: {} },
  { method: 'PATCH', url: '/api/books/accounts/:id', path: `/api/books/accounts/${nobody}`, expect: ADMIN, body: {} },
  { method: 'DELETE', url: '/api/books/accounts/:id', path: `/api/books/accounts/${nobody}`, expect: ADMIN },
  { method: 'GET', url: '/api/books/mappings', expect: BOOK_READERS },
  { method: 'PUT', url: '/api/books/mappings/:key', path: '/api/books/mappings/savings.cash', expect: ADMIN, body: {} },
  { method: 'DELETE', url: '/api/books/mappings/:key', path: '/api/books/mappings/payment:nothing-here', expect: ADMIN },
  { method: 'PUT', url: '/api/books/categories/:id/account', path: `/api/books/categories/${nobody}/account`, expect: ADMIN, body: {} },
];
