import type { Role } from './roles.ts';
import { can, type Permission } from './permissions.ts';
import { homeOf } from './navigation.ts';

/** What a screen asks before it opens, as a route's `config.access` does on the server (permissions.ts). */
export type ScreenRule = {
  needs: Permission;
  /** DECISIONS 4: the screen opens only while the visitor's record is active. */
  activeOnly?: true;
  /**
   * Where a refused visitor goes instead of their home (the first screen of their menu): another
   * screen, if they may open it, or the access-denied page.
   */
  refusedTo?: string;
};

/**
 * Every screen inside the layout and the permission it needs (SPEC 2, docs/decisions/003-route-guards.md,
 * docs/decisions/045-screens-ask-the-permission-table-and-token-scopes.md). A refused visitor goes to
 * the screen's `refusedTo`, else home: staff to /staff-savings, the auditor to /dashboard, every other
 * role to /expenses, as SPEC 2's guards send them.
 */
export const SCREENS = {
  // The layout every screen sits in; its index goes on to /dashboard.
  '/': { needs: 'use_app' },
  '/dashboard': { needs: 'view_dashboard' },
  '/reports': { needs: 'view_reports' },
  '/users': { needs: 'manage_users' },
  '/audit': { needs: 'view_audit_log' },
  '/settings': { needs: 'manage_settings' },
  // Issue 34: one page per subject of the admin's Settings (categories, backups, …), each the index's own guard.
  '/settings/:subject': { needs: 'manage_settings' },
  '/savings': { needs: 'open_savings_screen' },
  '/savings/:staffId': { needs: 'open_savings_screen' },
  // DECISIONS 4: only an active staff record passes; everyone else is told access is denied.
  '/staff-savings': { needs: 'view_own_staff_account', activeOnly: true, refusedTo: '/unauthorized' },
  // Issue 11: the monthly run is the admin's to post; the auditor reads its history (issue 27).
  '/staff-savings/runs': { needs: 'view_staff_savings' },
  // Issue 30: the payroll loop's advice, remittance and arrears; the auditor reads them.
  '/staff-savings/payroll': { needs: 'view_staff_savings' },
  // Issue 32: members leaving, one exit and its final statement's print view; officers act, the auditor reads.
  '/staff-savings/exits': { needs: 'view_staff_savings' },
  '/staff-savings/exits/:id': { needs: 'view_staff_savings' },
  '/staff-savings/exits/:id/statement': { needs: 'view_staff_savings' },
  // Issue 12: the officers' loans screen and one loan's review; holders see theirs on their savings page.
  '/loans': { needs: 'view_staff_savings' },
  '/loans/:id': { needs: 'view_staff_savings' },
  // Issue 33: a running loan's printable payoff quote, for officers and the auditor, and the borrower for their own (the API decides whose).
  '/loans/:id/payoff-quote': { needs: 'use_app' },
  // Issue 15: savings requests waiting for an administrator (members see theirs on their savings page).
  '/approvals': { needs: 'manage_staff_savings' },
  // Issue 27: the books' reports, one account's general ledger, locked months and opening balances
  // (changed by admins on the same screens), and a manual entry (an admin's).
  '/books': { needs: 'view_books' },
  '/books/accounts/:id': { needs: 'view_books' },
  '/books/locks': { needs: 'view_books' },
  '/books/opening': { needs: 'view_books' },
  '/books/entries/new': { needs: 'manage_books' },
  // Issue 31: the year-end run (written by admins on the same screen) and the AGM pack's print view.
  '/books/year-end': { needs: 'view_books' },
  '/books/year-end/pack': { needs: 'view_books' },
  '/expenses': { needs: 'view_expenses' },
  // Adding, importing (issue 14) and editing expenses; whoever only reads them goes back to the list.
  '/expenses/create': { needs: 'create_expense', refusedTo: '/expenses' },
  '/expenses/import': { needs: 'create_expense', refusedTo: '/expenses' },
  '/expenses/:id/edit': { needs: 'edit_expense', refusedTo: '/expenses' },
  '/profile': { needs: 'view_profile' },
  '/user-settings': { needs: 'use_app' },
} as const satisfies Record<string, ScreenRule>;

export type ScreenPath = keyof typeof SCREENS;

export type GuardSubject = { role: Role; isActive: boolean } | null;

/** Whether this visitor may open the screen. */
export function mayOpen(screen: ScreenPath, subject: GuardSubject): boolean {
  if (!subject) return false;
  const rule: ScreenRule = SCREENS[screen];
  return can(subject.role, rule.needs) && (!rule.activeOnly || subject.isActive);
}

/**
 * SPEC 2's route guards as one pure function: where a visitor goes instead of the screen, or null
 * to let them through. The browser routes with it; the server enforces the same table on its API.
 */
export function guardRedirect(screen: ScreenPath, subject: GuardSubject): string | null {
  if (!subject) return '/login';
  if (mayOpen(screen, subject)) return null;
  const { refusedTo }: ScreenRule = SCREENS[screen];
  if (refusedTo === '/unauthorized') return refusedTo;
  if (refusedTo && isScreen(refusedTo) && mayOpen(refusedTo, subject)) return refusedTo;
  return homeOf(subject.role);
}

function isScreen(path: string): path is ScreenPath {
  return Object.hasOwn(SCREENS, path);
}
