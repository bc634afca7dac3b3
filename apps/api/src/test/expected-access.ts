import {
  ADMIN,
  ADMIN_AND_AUDITOR,
  ADMIN_AND_HOLDERS,
  ADMIN_AND_USER,
  ADMIN_MANAGER,
  EVERYONE,
  EXPENSE_READERS,
  EXPENSE_WRITERS,
  HOLDERS,
  nobody,
  READERS_AND_HOLDERS,
  SIGNED_IN,
  type ExpectedAccess,
} from './access-outcomes.ts';
import { BOOK_ENTRIES_ACCESS } from './expected-access-book-entries.ts';
import { EXIT_SETTLEMENT_ACCESS } from './expected-access-exit-settlement.ts';
import { BOOK_REPORTS_ACCESS } from './expected-access-book-reports.ts';
import { BOOK_SETTINGS_ACCESS } from './expected-access-book-settings.ts';
import { PRODUCT_ACCOUNTS_ACCESS } from './expected-access-product-accounts.ts';
import { SAVINGS_PRODUCTS_ACCESS } from './expected-access-savings-products.ts';
import { SAVINGS_REPORTS_ACCESS } from './expected-access-savings-reports.ts';
import { PAYROLL_ADVICE_ACCESS } from './expected-access-payroll-advice.ts';
import { PAYROLL_REMITTANCE_ACCESS } from './expected-access-payroll-remittance.ts';
import { YEAR_END_ACCESS } from './expected-access-year-end.ts';
import { YEAR_END_PACK_ACCESS } from './expected-access-year-end-pack.ts';
import { EXITS_ACCESS } from './expected-access-exits.ts';
import { LOAN_PENALTIES_ACCESS } from './expected-access-loan-penalties.ts';
import { LOAN_RECOVERY_ACCESS } from './expected-access-loan-recovery.ts';
import { LOAN_RISK_ACCESS } from './expected-access-loan-risk.ts';
import { LOAN_TOPUPS_ACCESS } from './expected-access-loan-topups.ts';

export { CALLERS, type Caller, type ExpectedAccess } from './access-outcomes.ts';

/**
 * Who gets past the gate, written out by hand for every API route (docs/decisions/013-one-gate.md).
 * Not computed from core/permissions.ts: this table is what the permission table must produce.
 * The books' routes (issue 27) have their rows in the files beside this one.
 */
export const EXPECTED_ACCESS: ExpectedAccess[] = [
  { method: 'GET', url: '/api/health', expect: EVERYONE },
  // Issue 16: the OpenAPI document and its reference page (plugins/openapi.ts).
  { method: 'GET', url: '/api/openapi.json', expect: EVERYONE },
  { method: 'GET', url: '/api/docs', expect: EVERYONE },
  { method: 'GET', url: '/api/auth/setup', expect: EVERYONE },
  { method: 'POST', url: '/api/auth/sign-up', expect: EVERYONE, body: {} },
  { method: 'POST', url: '/api/auth/sign-in', expect: EVERYONE, body: {} },
  { method: 'GET', url: '/api/auth/session', expect: EVERYONE },
  { method: 'POST', url: '/api/auth/forgot-password', expect: EVERYONE, body: {} },
  { method: 'POST', url: '/api/auth/reset-password', expect: EVERYONE, body: {} },
  // Issue 15: the sign-up switch (an empty body fails validation and changes nothing).
  { method: 'PUT', url: '/api/auth/sign-up-settings', expect: ADMIN, body: {} },
  // An invitation link's two requests: whoever holds the link; a made-up token is 404.
  { method: 'GET', url: '/api/invitations/:token', expect: EVERYONE, path: '/api/invitations/access-check' },
  { method: 'POST', url: '/api/invitations/:token/accept', expect: EVERYONE, path: '/api/invitations/access-check/accept', body: { password: 'access-check' } },

  { method: 'GET', url: '/api/savings/holders', expect: ADMIN_AND_AUDITOR },
  { method: 'POST', url: '/api/savings/staff', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/savings/me', expect: HOLDERS },
  { method: 'GET', url: '/api/savings/accounts/:ref', expect: ADMIN_AND_AUDITOR, path: '/api/savings/accounts/STF999' },
  // An admin is asked to pick a holder (400); a regular user's own deposit is recorded as a request (202, issue 15).
  { method: 'POST', url: '/api/savings/transactions', expect: ADMIN_AND_USER, body: { type: 'deposit', amount: '10.00' } },
  // Issue 15: two-person approval and members' requests (an empty settings body fails validation).
  { method: 'GET', url: '/api/savings/approval-settings', expect: ADMIN },
  { method: 'PUT', url: '/api/savings/approval-settings', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/savings/books-start', expect: ADMIN },
  { method: 'PUT', url: '/api/savings/books-start', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/savings/requests', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/savings/requests/count', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/savings/requests/mine', expect: HOLDERS },
  { method: 'POST', url: '/api/savings/requests/:id/approve', expect: ADMIN, path: `/api/savings/requests/${nobody}/approve`, body: {} },
  { method: 'POST', url: '/api/savings/requests/:id/decline', expect: ADMIN, path: `/api/savings/requests/${nobody}/decline`, body: { reason: 'access check' } },
  { method: 'POST', url: '/api/savings/requests/:id/cancel', expect: ADMIN_AND_USER, path: `/api/savings/requests/${nobody}/cancel`, body: {} },
  { method: 'POST', url: '/api/savings/transfers', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/savings/runs/prepare', expect: ADMIN, path: '/api/savings/runs/prepare?month=2026-11' },
  { method: 'GET', url: '/api/savings/batches/template', expect: ADMIN, path: '/api/savings/batches/template?month=2026-11' },
  { method: 'PUT', url: '/api/savings/contributions', expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/savings/batches/file', expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/savings/batches/review', expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/savings/batches', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/savings/batches', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/savings/batches/:id', expect: ADMIN_AND_AUDITOR, path: `/api/savings/batches/${nobody}` },
  { method: 'GET', url: '/api/savings/batches/:id/export', expect: ADMIN_AND_AUDITOR, path: `/api/savings/batches/${nobody}/export` },
  { method: 'POST', url: '/api/savings/batches/:id/reversal', expect: ADMIN, path: `/api/savings/batches/${nobody}/reversal`, body: { reason: 'access check' } },
  {
    method: 'POST',
    url: '/api/savings/transactions/:id/reversal',
    expect: ADMIN,
    path: `/api/savings/transactions/${nobody}/reversal`,
    body: { reason: 'access check' },
  },
  { method: 'GET', url: '/api/savings/statement', expect: READERS_AND_HOLDERS, path: '/api/savings/statement?from=2026-01-01&to=2026-01-31' },
  {
    method: 'GET',
    url: '/api/savings/statement/export',
    expect: READERS_AND_HOLDERS,
    path: '/api/savings/statement/export?from=2026-01-01&to=2026-01-31',
  },

  { method: 'GET', url: '/api/loan-products', expect: READERS_AND_HOLDERS },
  { method: 'POST', url: '/api/loan-products', expect: ADMIN, body: {} },
  { method: 'PUT', url: '/api/loan-products/:id', expect: ADMIN, path: `/api/loan-products/${nobody}`, body: {} },
  { method: 'POST', url: '/api/loan-products/:id/retire', expect: ADMIN, path: `/api/loan-products/${nobody}/retire` },
  { method: 'POST', url: '/api/loan-products/:id/restore', expect: ADMIN, path: `/api/loan-products/${nobody}/restore` },
  {
    method: 'GET',
    url: '/api/loan-products/:id/quote',
    expect: ADMIN_AND_HOLDERS,
    path: `/api/loan-products/${nobody}/quote?amount=1000&months=6`,
  },
  // An admin is asked to name the holder (400); a holder without savings is told so (404).
  { method: 'POST', url: '/api/loans', expect: ADMIN_AND_HOLDERS, body: {} },
  { method: 'GET', url: '/api/loans/mine', expect: HOLDERS },
  { method: 'GET', url: '/api/loans', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/loans/export', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/loans/portfolio', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/loans/arrears', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/loans/guarantor-candidates', expect: ADMIN_AND_HOLDERS },
  { method: 'GET', url: '/api/loans/:id', expect: ADMIN_AND_AUDITOR, path: `/api/loans/${nobody}` },
  { method: 'GET', url: '/api/loans/:id/statement/export', expect: READERS_AND_HOLDERS, path: `/api/loans/${nobody}/statement/export` },
  { method: 'POST', url: '/api/loans/:id/decision', expect: ADMIN, path: `/api/loans/${nobody}/decision`, body: { decision: 'reject', reason: 'access check' } },
  { method: 'POST', url: '/api/loans/:id/disbursement', expect: ADMIN, path: `/api/loans/${nobody}/disbursement`, body: {} },
  { method: 'POST', url: '/api/loans/:id/repayments', expect: ADMIN, path: `/api/loans/${nobody}/repayments`, body: {} },
  { method: 'POST', url: '/api/loans/entries/:id/reversal', expect: ADMIN, path: `/api/loans/entries/${nobody}/reversal`, body: { reason: 'access check' } },
  { method: 'POST', url: '/api/loans/:id/write-off', expect: ADMIN, path: `/api/loans/${nobody}/write-off`, body: { reason: 'access check' } },
  { method: 'GET', url: '/api/loans/settings', expect: ADMIN },
  { method: 'PUT', url: '/api/loans/settings', expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/loans/:id/guarantee', expect: HOLDERS, path: `/api/loans/${nobody}/guarantee`, body: { answer: 'accept' } },

  { method: 'GET', url: '/api/categories', expect: EXPENSE_READERS },
  { method: 'POST', url: '/api/categories', expect: ADMIN_MANAGER, body: { name: '' } },
  { method: 'DELETE', url: '/api/categories/:id', expect: ADMIN_MANAGER, path: `/api/categories/${nobody}` },
  { method: 'GET', url: '/api/calendar', expect: SIGNED_IN },
  { method: 'GET', url: '/api/expenses', expect: EXPENSE_READERS },
  { method: 'GET', url: '/api/expenses/export', expect: EXPENSE_READERS },
  { method: 'POST', url: '/api/expenses', expect: EXPENSE_WRITERS, body: {} },
  { method: 'GET', url: '/api/expenses/:id', expect: EXPENSE_READERS, path: `/api/expenses/${nobody}` },
  { method: 'PUT', url: '/api/expenses/:id', expect: EXPENSE_WRITERS, path: `/api/expenses/${nobody}`, body: {} },
  { method: 'DELETE', url: '/api/expenses/:id', expect: ADMIN, path: `/api/expenses/${nobody}` },
  { method: 'GET', url: '/api/dashboard', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/reports', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/reports/rows', expect: ADMIN_AND_AUDITOR },
  // Issue 14: the report as .xlsx (the admin's, like the report) and category budgets (admins and managers).
  { method: 'GET', url: '/api/reports/export', expect: ADMIN_AND_AUDITOR, path: '/api/reports/export' },
  { method: 'GET', url: '/api/budgets', expect: ADMIN_MANAGER },
  { method: 'PUT', url: '/api/budgets/:categoryId', expect: ADMIN_MANAGER, path: `/api/budgets/${nobody}`, body: {} },
  { method: 'DELETE', url: '/api/budgets/:categoryId', expect: ADMIN_MANAGER, path: `/api/budgets/${nobody}` },
  { method: 'GET', url: '/api/export/expenses', expect: EXPENSE_READERS },
  // Issue 14: receipts (an empty upload is refused, a made-up id is 404) and the "receipt required above" setting.
  { method: 'POST', url: '/api/receipts', expect: EXPENSE_WRITERS, body: {} },
  { method: 'GET', url: '/api/receipts/:id', expect: EXPENSE_READERS, path: `/api/receipts/${nobody}` },
  { method: 'GET', url: '/api/receipts/:id/thumbnail', expect: EXPENSE_READERS, path: `/api/receipts/${nobody}/thumbnail` },
  { method: 'GET', url: '/api/settings/receipts', expect: EXPENSE_WRITERS },
  { method: 'PUT', url: '/api/settings/receipts', expect: ADMIN, body: {} },
  // Issue 14: importing expenses, for anyone who may add them (empty bodies fail validation; an unknown import is 404).
  { method: 'GET', url: '/api/expense-imports/template', expect: EXPENSE_WRITERS },
  { method: 'POST', url: '/api/expense-imports/file', expect: EXPENSE_WRITERS, body: {} },
  { method: 'POST', url: '/api/expense-imports/review', expect: EXPENSE_WRITERS, body: {} },
  { method: 'POST', url: '/api/expense-imports', expect: EXPENSE_WRITERS, body: {} },
  { method: 'GET', url: '/api/expense-imports', expect: EXPENSE_WRITERS },
  { method: 'POST', url: '/api/expense-imports/:id/undo', expect: EXPENSE_WRITERS, path: `/api/expense-imports/${nobody}/undo` },
  // maxSeconds=0: the stream opens and ends at once.
  { method: 'GET', url: '/api/events', expect: SIGNED_IN, path: '/api/events?maxSeconds=0' },
  { method: 'DELETE', url: '/api/account', expect: SIGNED_IN, body: {} },
  // Issue 15: a person's own details, password and email; empty bodies fail validation and change nothing.
  { method: 'PATCH', url: '/api/account/profile', expect: SIGNED_IN, body: {} },
  { method: 'POST', url: '/api/account/password', expect: SIGNED_IN, body: {} },
  { method: 'POST', url: '/api/account/email', expect: SIGNED_IN, body: {} },
  // Whoever holds the mailed link confirms: a made-up token is refused (400) whoever asks.
  { method: 'POST', url: '/api/account/email/confirm', expect: EVERYONE, body: { token: 'access-check' } },

  { method: 'GET', url: '/api/users', expect: ADMIN },
  { method: 'POST', url: '/api/users', expect: ADMIN, body: {} },
  { method: 'PATCH', url: '/api/users/:id/role', expect: ADMIN, path: `/api/users/${nobody}/role`, body: { role: 'user' } },
  { method: 'POST', url: '/api/users/:id/deactivate', expect: ADMIN, path: `/api/users/${nobody}/deactivate` },
  { method: 'POST', url: '/api/users/:id/reactivate', expect: ADMIN, path: `/api/users/${nobody}/reactivate` },
  { method: 'DELETE', url: '/api/users/:id', expect: ADMIN, path: `/api/users/${nobody}` },
  { method: 'POST', url: '/api/users/invitations', expect: ADMIN, body: {} },
  { method: 'POST', url: '/api/users/:id/invitation', expect: ADMIN, path: `/api/users/${nobody}/invitation` },
  { method: 'DELETE', url: '/api/users/:id/invitation', expect: ADMIN, path: `/api/users/${nobody}/invitation` },
  { method: 'GET', url: '/api/audit', expect: ADMIN_AND_AUDITOR },
  { method: 'GET', url: '/api/account/mail-preferences', expect: SIGNED_IN },
  // An empty change is refused (400): past the door, nothing saved.
  { method: 'PUT', url: '/api/account/mail-preferences', expect: SIGNED_IN, body: {} },
  { method: 'GET', url: '/api/mail/outbox', expect: ADMIN, path: '/api/mail/outbox?status=failed' },
  { method: 'POST', url: '/api/mail/outbox/:id/retry', expect: ADMIN, path: `/api/mail/outbox/${nobody}/retry` },

  // Issue 16: API tokens (an empty body fails validation; an unknown id is 404).
  { method: 'POST', url: '/api/tokens', expect: ADMIN, body: {} },
  { method: 'GET', url: '/api/tokens', expect: ADMIN },
  { method: 'DELETE', url: '/api/tokens/:id', expect: ADMIN, path: `/api/tokens/${nobody}` },

  // Issue 16: the nightly backups (a file this folder does not hold is 404).
  { method: 'GET', url: '/api/backups', expect: ADMIN },
  { method: 'GET', url: '/api/backups/files/:name', expect: ADMIN, path: '/api/backups/files/kobo-2026-01-01T02-00-00Z.kobo-backup' },

  ...EXIT_SETTLEMENT_ACCESS,
  ...BOOK_REPORTS_ACCESS,
  ...BOOK_SETTINGS_ACCESS,
  ...BOOK_ENTRIES_ACCESS,
  ...PRODUCT_ACCOUNTS_ACCESS,
  ...SAVINGS_PRODUCTS_ACCESS,
  ...SAVINGS_REPORTS_ACCESS,
  ...PAYROLL_ADVICE_ACCESS,
  ...PAYROLL_REMITTANCE_ACCESS,
  ...YEAR_END_ACCESS,
  ...YEAR_END_PACK_ACCESS,
  ...EXITS_ACCESS,
  ...LOAN_RISK_ACCESS,
  ...LOAN_TOPUPS_ACCESS,
  ...LOAN_RECOVERY_ACCESS,
  ...LOAN_PENALTIES_ACCESS,

  // Last: it ends the callers' sessions.
  { method: 'POST', url: '/api/auth/sign-out', expect: EVERYONE },
];

/**
 * Other spellings of each address, and what each must reach: 'same' is the route itself, under the
 * same rule; 404 is no route at all (and, for GET, not the web app's shell either).
 */
export const SPELLINGS: { name: string; spell: (path: string, origin: string) => string; reaches: 'same' | 404 | 'same or 404' }[] = [
  { name: 'canonical', spell: (path) => path, reaches: 'same' },
  { name: 'percent-encoded letters', spell: (path) => path.replace(/^\/api\//, '/%61p%69/'), reaches: 'same' },
  { name: 'absolute-form target', spell: (path, origin) => `${origin}${path}`, reaches: 'same' },
  { name: 'encoded slash', spell: (path) => path.replace(/^\/api\//, '/api%2F'), reaches: 404 },
  { name: 'doubled slashes', spell: (path) => path.replace(/^\/api\//, '//api//'), reaches: 404 },
  // GET /api/expenses/ is GET /api/expenses/:id with an empty id: a route, under the same rule.
  { name: 'trailing slash', spell: (path) => path.replace(/(\?|$)/, '/$1'), reaches: 'same or 404' },
  { name: 'upper case', spell: (path) => path.replace(/^[^?]*/, (p) => p.toUpperCase()), reaches: 404 },
];
