import type { ScreenPath } from './guards.ts';
import type { Role } from './roles.ts';

// Written out by hand: core's unit test (guards.test.ts) and the browser test (e2e/guards.test.ts) compare with these.

/**
 * SPEC 2's guards, screen by screen: where an active admin, manager, user, staff member and auditor
 * are sent ('ok': let through), as they were before the screens asked the permission table.
 */
export const EXPECTED_LANDINGS: Record<ScreenPath, [string, string, string, string, string]> = {
  '/': ['ok', 'ok', 'ok', 'ok', 'ok'],
  '/dashboard': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/reports': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/users': ['ok', '/expenses', '/expenses', '/staff-savings', '/dashboard'],
  '/audit': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/settings': ['ok', '/expenses', '/expenses', '/staff-savings', '/dashboard'],
  '/settings/:subject': ['ok', '/expenses', '/expenses', '/staff-savings', '/dashboard'],
  '/savings': ['ok', 'ok', 'ok', '/staff-savings', 'ok'],
  '/savings/:staffId': ['ok', 'ok', 'ok', '/staff-savings', 'ok'],
  '/staff-savings': ['/unauthorized', '/unauthorized', '/unauthorized', 'ok', '/unauthorized'],
  '/staff-savings/runs': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/staff-savings/payroll': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/staff-savings/exits': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/staff-savings/exits/:id': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/staff-savings/exits/:id/statement': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/loans': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/loans/:id': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/loans/:id/payoff-quote': ['ok', 'ok', 'ok', 'ok', 'ok'],
  '/approvals': ['ok', '/expenses', '/expenses', '/staff-savings', '/dashboard'],
  '/books': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/books/accounts/:id': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/books/locks': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/books/opening': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/books/entries/new': ['ok', '/expenses', '/expenses', '/staff-savings', '/dashboard'],
  '/books/year-end': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/books/year-end/pack': ['ok', '/expenses', '/expenses', '/staff-savings', 'ok'],
  '/expenses': ['ok', 'ok', 'ok', '/staff-savings', 'ok'],
  '/expenses/create': ['ok', 'ok', 'ok', '/staff-savings', '/expenses'],
  '/expenses/import': ['ok', 'ok', 'ok', '/staff-savings', '/expenses'],
  '/expenses/:id/edit': ['ok', 'ok', 'ok', '/staff-savings', '/expenses'],
  '/profile': ['ok', 'ok', 'ok', 'ok', 'ok'],
  '/user-settings': ['ok', 'ok', 'ok', 'ok', 'ok'],
};

/** SPEC 2's side navigation for each role, in order (issue 27 for the auditor). */
export const EXPECTED_MENUS: Record<Role, string[]> = {
  admin: [
    '/dashboard Dashboard',
    '/expenses Expenses',
    '/savings Staff Savings',
    '/approvals Approvals',
    '/loans Loans',
    '/reports Reports',
    '/books Books',
    '/users Users',
    '/audit Audit Log',
    '/profile Profile',
    '/settings Settings',
  ],
  manager: ['/expenses Expenses', '/savings Savings', '/profile Profile', '/user-settings Settings'],
  user: ['/expenses Expenses', '/profile Profile', '/user-settings Settings'],
  staff: ['/staff-savings My Savings', '/profile Profile', '/user-settings Settings'],
  auditor: [
    '/dashboard Dashboard',
    '/expenses Expenses',
    '/savings Staff Savings',
    '/loans Loans',
    '/reports Reports',
    '/books Books',
    '/audit Audit Log',
    '/profile Profile',
    '/user-settings Settings',
  ],
};
