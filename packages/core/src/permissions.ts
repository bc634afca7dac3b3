import type { Role } from './roles.ts';
import type { ErrorCode } from './errors.ts';

/**
 * Every power a route or a screen can need. The API's one gate (apps/api/src/plugins/gate.ts)
 * and the web app both ask this table; nothing else compares role names to decide access
 * (docs/decisions/013-one-gate.md).
 */
export const PERMISSIONS = [
  'use_app',
  'view_profile',
  'edit_profile',
  'view_expenses',
  'create_expense',
  'edit_expense',
  'delete_expense',
  'view_all_expenses',
  'view_own_expenses',
  'view_dashboard',
  'view_reports',
  'manage_categories',
  // Issue 14: category budgets, set by whoever manages the items (docs/decisions/034-budgets-and-report-export.md).
  'manage_budgets',
  'manage_users',
  'view_audit_log',
  'manage_staff_savings',
  // Issue 27: reading every holder's savings, the monthly runs, requests and loans, never changing them (the auditor's).
  'view_staff_savings',
  'view_own_savings',
  'post_own_savings',
  // Issue 27 (docs/decisions/042-one-ledger.md): the books' reports, and changing the books themselves
  // (the chart, mappings, locked months, manual entries, opening balances).
  'view_books',
  'manage_books',
  // Issue 28 (docs/decisions/045-screens-ask-the-permission-table-and-token-scopes.md): screens no
  // route rule described. The organisation's Settings page (an admin's); the savings screen, which
  // anyone but staff may open (it then tells a role without savings so, SPEC 6); a staff member's own
  // account screen (/staff-savings); and the manager's menu link to savings, which SPEC 2 lists
  // for the manager alone (it opens nothing by itself).
  'manage_settings',
  'open_savings_screen',
  'view_own_staff_account',
  'list_savings_in_menu',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Everyone who can sign in: the calendar, the live change stream, /profile, closing one's own account. */
const SIGNED_IN: readonly Permission[] = ['use_app', 'view_profile', 'edit_profile'];
/** The expense screens, and adding and editing expenses (whose rows: view_all_ / view_own_expenses). */
const EXPENSE_WRITER: readonly Permission[] = ['view_expenses', 'create_expense', 'edit_expense'];
/** What belongs to a holder of their own expenses or savings, or to one role's menu: the admin holds every other permission. */
const NOT_ADMINS: readonly Permission[] = ['view_own_expenses', 'view_own_savings', 'post_own_savings', 'view_own_staff_account', 'list_savings_in_menu'];

/**
 * SPEC.md section 6, with DECISIONS 2 and 8:
 * - delete_expense is admin-only, as the screen rule says ('Only administrators can delete
 *   expenses'), so the manager row does not hold it;
 * - view_expenses is the door to the expense screens; view_all_expenses / view_own_expenses then
 *   decide whose rows a caller sees;
 * - a regular user keeps savings of their own and posts on them (DECISIONS 8); staff only read theirs;
 * - an auditor (issue 27) holds every read an admin holds over the scheme and no write: each read
 *   route lists the read permission beside the write one, every write route the write one alone.
 */
const TABLE: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS.filter((permission) => !NOT_ADMINS.includes(permission)),
  manager: [...SIGNED_IN, ...EXPENSE_WRITER, 'view_all_expenses', 'manage_categories', 'manage_budgets', 'open_savings_screen', 'list_savings_in_menu'],
  user: [...SIGNED_IN, ...EXPENSE_WRITER, 'view_own_expenses', 'view_own_savings', 'post_own_savings', 'open_savings_screen'],
  staff: [...SIGNED_IN, 'view_own_savings', 'view_own_staff_account'],
  // Issue 27: the scheme's auditor reads everything an admin reads and changes nothing but their own profile.
  auditor: [
    ...SIGNED_IN,
    'view_expenses',
    'view_all_expenses',
    'view_dashboard',
    'view_reports',
    'view_audit_log',
    'view_staff_savings',
    'view_books',
    'open_savings_screen',
  ],
};

/** False when the role or the permission is missing (SPEC 6). */
export function can(role: Role | null | undefined, permission: Permission | null | undefined): boolean {
  if (!role || !permission) return false;
  const granted = TABLE[role];
  return granted !== undefined && granted.includes(permission);
}

export function permissionsOf(role: Role): readonly Permission[] {
  return TABLE[role];
}

/**
 * What an API route needs: 'public' (anyone, signed in or not), one permission, or any one of
 * several (a route that serves an admin for everyone and a holder for themselves).
 */
export type RouteAccess = 'public' | Permission | readonly [Permission, ...Permission[]];

export function canAccess(role: Role | null | undefined, access: RouteAccess): boolean {
  if (access === 'public') return true;
  const needed: readonly Permission[] = typeof access === 'string' ? [access] : access;
  return needed.some((permission) => can(role, permission));
}

/**
 * The sentence a refused caller reads, where the spec words it for a feature (SPEC 6: 'You are
 * not authorized to access the savings feature.', 'Only administrators can delete expenses');
 * every other refusal is FORBIDDEN.
 */
const REFUSALS: Partial<Record<Permission, ErrorCode>> = {
  delete_expense: 'EXPENSE_DELETE_FORBIDDEN',
  manage_staff_savings: 'SAVINGS_NOT_AUTHORIZED',
  view_staff_savings: 'SAVINGS_NOT_AUTHORIZED',
  view_own_savings: 'SAVINGS_NOT_AUTHORIZED',
  post_own_savings: 'SAVINGS_NOT_AUTHORIZED',
};

export function refusalFor(access: RouteAccess): ErrorCode {
  const first = typeof access === 'string' ? access : access[0];
  return (first !== 'public' && REFUSALS[first]) || 'FORBIDDEN';
}
