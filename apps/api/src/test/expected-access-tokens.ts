import { nobody, type ExpectedAccess, type Outcome } from './access-outcomes.ts';

/**
 * Issue 28: a token of each scope, made by an admin, against representative routes. Each row's
 * `expect` is in the order of TOKEN_SCOPE_ORDER; 'ok' means the token got past the gate (any answer
 * below 500 other than 401/403), 403 that its scope (or its owner) does not reach the route.
 */
export const TOKEN_SCOPE_ORDER = ['read', 'record_expenses', 'savings_batches', 'read_books'] as const;

export type ExpectedTokenAccess = Omit<ExpectedAccess, 'expect'> & {
  expect: readonly [read: Outcome, recordExpenses: Outcome, savingsBatches: Outcome, readBooks: Outcome];
};

export const EXPECTED_TOKEN_ACCESS: readonly ExpectedTokenAccess[] = [
  { method: 'GET', url: '/api/expenses', expect: ['ok', 'ok', 403, 403] },
  { method: 'POST', url: '/api/expenses', expect: [403, 'ok', 403, 403], body: {} },
  { method: 'PUT', url: '/api/expenses/:id', expect: [403, 'ok', 403, 403], path: `/api/expenses/${nobody}`, body: {} },
  { method: 'DELETE', url: '/api/expenses/:id', expect: [403, 403, 403, 403], path: `/api/expenses/${nobody}` },
  { method: 'GET', url: '/api/categories', expect: ['ok', 'ok', 403, 403] },
  { method: 'POST', url: '/api/categories', expect: [403, 403, 403, 403], body: { name: '' } },
  { method: 'GET', url: '/api/savings/holders', expect: ['ok', 403, 403, 403] },
  { method: 'GET', url: '/api/savings/me', expect: [403, 403, 403, 403] },
  { method: 'GET', url: '/api/savings/batches', expect: ['ok', 403, 'ok', 403] },
  { method: 'POST', url: '/api/savings/batches/review', expect: [403, 403, 'ok', 403], body: {} },
  { method: 'POST', url: '/api/savings/batches', expect: [403, 403, 'ok', 403], body: {} },
  { method: 'GET', url: '/api/books/trial-balance', expect: ['ok', 403, 403, 'ok'], path: '/api/books/trial-balance?book=scheme&asOf=2026-11-26' },
  { method: 'GET', url: '/api/audit', expect: ['ok', 403, 403, 403] },
  { method: 'GET', url: '/api/users', expect: ['ok', 403, 403, 403] },
  { method: 'POST', url: '/api/users', expect: [403, 403, 403, 403], body: {} },
  { method: 'GET', url: '/api/tokens', expect: [403, 403, 403, 403] },
  { method: 'GET', url: '/api/backups', expect: [403, 403, 403, 403] },
];

/**
 * A scope wider than its owner's role acts only as the role: a `read` token whose maker is now a
 * manager, and a `record_expenses` token whose maker is now the auditor (who records nothing).
 */
export const EXPECTED_DEMOTED_TOKEN_ACCESS: readonly (Omit<ExpectedAccess, 'expect'> & { expect: readonly [readAsManager: Outcome, recordAsAuditor: Outcome] })[] = [
  { method: 'GET', url: '/api/expenses', expect: ['ok', 'ok'] },
  { method: 'POST', url: '/api/expenses', expect: [403, 403], body: {} },
  { method: 'GET', url: '/api/categories', expect: ['ok', 'ok'] },
  { method: 'GET', url: '/api/savings/holders', expect: [403, 403] },
  { method: 'GET', url: '/api/books/trial-balance', expect: [403, 403], path: '/api/books/trial-balance?book=scheme&asOf=2026-11-26' },
  { method: 'GET', url: '/api/audit', expect: [403, 403] },
];
