import { PERMISSIONS, type Permission } from './permissions.ts';

/**
 * What an API token may do (issue 28, docs/decisions/045-screens-ask-the-permission-table-and-token-scopes.md):
 * each scope is a named set of permissions, on some methods and, for the monthly run, some routes.
 * A token acts with the intersection of its scope and its owner's current role: a route is callable
 * when one permission it accepts is both in the scope and held by the owner. Never by token: the
 * tokens themselves and the backups (a whole database, password hashes included).
 *
 * `read` and `savings_batches` are the names issue 16's tokens were made with: they keep their names
 * and now stand for "Read everything" and "Post savings batches".
 */
export const API_TOKEN_SCOPES = ['read', 'record_expenses', 'savings_batches', 'read_books'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiTokenScopeRule = {
  label: string;
  /** What the scope allows, in a sentence: the Settings page and the API document show it. */
  allows: string;
  permissions: readonly Permission[];
  methods: readonly Method[];
  /** Only routes under these paths. */
  routes?: readonly string[];
};

export const API_TOKEN_SCOPE_RULES: Record<ApiTokenScope, ApiTokenScopeRule> = {
  read: {
    label: 'Read everything',
    allows: 'Every GET its owner may call: expenses, savings, loans, reports, the books, the audit log.',
    permissions: PERMISSIONS,
    methods: ['GET'],
  },
  record_expenses: {
    label: 'Record expenses',
    allows: 'Read expenses and items, add and edit expenses, attach receipts and import spreadsheets; never delete.',
    permissions: ['view_expenses', 'view_all_expenses', 'view_own_expenses', 'create_expense', 'edit_expense'],
    methods: ['GET', 'POST', 'PUT', 'PATCH'],
  },
  savings_batches: {
    label: 'Post savings batches',
    allows: "Prepare, review, post, read and reverse the monthly savings run's batches (a payroll system); nothing else.",
    permissions: ['manage_staff_savings', 'view_staff_savings'],
    methods: ['GET', 'POST'],
    routes: ['/api/savings/runs/', '/api/savings/batches'],
  },
  read_books: {
    label: 'Read the books',
    allows: "The books' reports, journal and ledgers, and their downloads; nothing else.",
    permissions: ['view_books'],
    methods: ['GET'],
  },
};

/** Never by token, whatever the scope. */
export const NEVER_BY_TOKEN = ['/api/tokens', '/api/backups'] as const;

/** A route path under one of these prefixes: '/x' takes /x and what is below it, '/x/' only what is below. */
export function isUnder(url: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => url === prefix || url.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
}

/** The scopes and what each allows, for the API document's description of bearer tokens (and anyone else who lists them). */
export const API_TOKEN_SCOPES_DESCRIPTION = [
  'An API token acts as the admin who made it, limited to its scope (and never beyond what that person may do now), until its expiry date, and only from its IP ranges when it has any. The scopes:',
  ...API_TOKEN_SCOPES.map((scope) => `- \`${scope}\` (${API_TOKEN_SCOPE_RULES[scope].label}): ${API_TOKEN_SCOPE_RULES[scope].allows}`),
  'A token outside its expiry or IP ranges gets 401; a route outside its scope gets 403.',
].join('\n');
