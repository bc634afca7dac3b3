import type { Role } from './roles.ts';
import { can } from './permissions.ts';

export type GuardName = 'signedIn' | 'adminOnly' | 'officers' | 'nonStaff' | 'expenseWriters' | 'activeStaff' | 'booksReaders';

export type GuardSubject = { role: Role; isActive: boolean } | null;

/**
 * The route guards of SPEC 2 as one pure function: where a visitor goes instead, or null to let
 * them through. The browser uses it to route; the server enforces the same rules on its API.
 */
export function guardRedirect(guard: GuardName, subject: GuardSubject): string | null {
  if (!subject) return '/login';
  switch (guard) {
    case 'signedIn':
      return null;
    case 'adminOnly':
      if (subject.role === 'admin') return null;
      // Issue 27: the auditor's home is the dashboard they read; the rest go where they always did.
      if (subject.role === 'auditor') return '/dashboard';
      return subject.role === 'staff' ? '/staff-savings' : '/expenses';
    case 'officers':
      // Issue 27: the screens that read the whole scheme, for the admin and the auditor (who reads
      // every holder's savings); everyone else goes where adminOnly sends them.
      return can(subject.role, 'view_staff_savings') ? null : guardRedirect('adminOnly', subject);
    case 'nonStaff':
      return subject.role === 'staff' ? '/staff-savings' : null;
    case 'expenseWriters':
      // Issue 27: adding, editing and importing expenses; the auditor, who only reads them, goes back to the list.
      if (can(subject.role, 'create_expense')) return null;
      return subject.role === 'staff' ? '/staff-savings' : '/expenses';
    case 'activeStaff':
      // DECISIONS 4: only an active staff record passes; everyone else is told access is denied.
      return subject.role === 'staff' && subject.isActive ? null : '/unauthorized';
    case 'booksReaders':
      // Issue 27: whoever may read the books; everyone else goes where adminOnly sends them.
      return can(subject.role, 'view_books') ? null : guardRedirect('adminOnly', subject);
  }
}

/** Which guard stands in front of each route of SPEC 2 (DECISIONS: see docs/decisions/0003-route-guards.md). */
export const ROUTE_GUARDS = {
  // Issue 27: the auditor reads the dashboard, the reports, the audit log, savings, runs and loans.
  '/dashboard': 'officers',
  '/reports': 'officers',
  '/users': 'adminOnly',
  '/audit': 'officers',
  '/settings': 'adminOnly',
  '/savings': 'nonStaff',
  '/savings/:staffId': 'nonStaff',
  '/staff-savings': 'activeStaff',
  // Issue 11: the monthly run is the admin's to post; the auditor reads its history (issue 27).
  '/staff-savings/runs': 'officers',
  // Issue 12: the officers' loans screen and one loan's review; holders see theirs on their savings page.
  '/loans': 'officers',
  '/loans/:id': 'officers',
  // Issue 15: savings requests waiting for an administrator (members see theirs on their savings page).
  '/approvals': 'adminOnly',
  // Issue 27: the books' reports and one account's general ledger (docs/decisions/042-one-ledger.md).
  '/books': 'booksReaders',
  '/books/accounts/:id': 'booksReaders',
  // Issue 27: locked months and opening balances are read by the books' readers and changed by admins; a manual entry is an admin's.
  '/books/locks': 'booksReaders',
  '/books/opening': 'booksReaders',
  '/books/entries/new': 'adminOnly',
  '/expenses': 'nonStaff',
  '/expenses/create': 'expenseWriters',
  // Issue 14: importing expenses, for whoever may add them (the API checks create_expense).
  '/expenses/import': 'expenseWriters',
  '/profile': 'signedIn',
  '/user-settings': 'signedIn',
} as const satisfies Record<string, GuardName>;

export type GuardedPath = keyof typeof ROUTE_GUARDS;
