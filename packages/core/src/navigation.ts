import type { Role } from './roles.ts';

export type NavItem = { path: string; label: string };

const ADMIN_NAV: NavItem[] = [
  { path: '/dashboard', label: 'Dashboard' },
  { path: '/expenses', label: 'Expenses' },
  { path: '/savings', label: 'Staff Savings' },
  // Issue 15: savings requests waiting for an administrator; the layout shows how many beside it.
  { path: '/approvals', label: 'Approvals' },
  // Issue 12: lending against savings, run by the same officers (docs/decisions/019-loans.md).
  { path: '/loans', label: 'Loans' },
  { path: '/reports', label: 'Reports' },
  // Issue 27: the books (trial balance, income and expenditure, balance sheet, journal).
  { path: '/books', label: 'Books' },
  { path: '/users', label: 'Users' },
  // Issue 5: the audit log, the admin's alone (docs/decisions/011-people-and-audit.md).
  { path: '/audit', label: 'Audit Log' },
  { path: '/profile', label: 'Profile' },
  { path: '/settings', label: 'Settings' },
];

// SPEC 2 names the manager's paths but not their labels; these reuse the admin's words where the
// path is the same and say "Savings" / "Settings" for the rest.
const MANAGER_NAV: NavItem[] = [
  { path: '/expenses', label: 'Expenses' },
  { path: '/savings', label: 'Savings' },
  { path: '/profile', label: 'Profile' },
  { path: '/user-settings', label: 'Settings' },
];

// Issue 27: the auditor reads what the admin reads, in the admin's words, and manages nothing.
const AUDITOR_NAV: NavItem[] = [
  { path: '/dashboard', label: 'Dashboard' },
  { path: '/expenses', label: 'Expenses' },
  { path: '/savings', label: 'Staff Savings' },
  { path: '/loans', label: 'Loans' },
  { path: '/reports', label: 'Reports' },
  { path: '/books', label: 'Books' },
  { path: '/audit', label: 'Audit Log' },
  { path: '/profile', label: 'Profile' },
  { path: '/user-settings', label: 'Settings' },
];

const STAFF_NAV: NavItem[] = [
  { path: '/staff-savings', label: 'My Savings' },
  { path: '/profile', label: 'Profile' },
  { path: '/user-settings', label: 'Settings' },
];

const OTHER_NAV: NavItem[] = [
  { path: '/expenses', label: 'Expenses' },
  { path: '/profile', label: 'Profile' },
  { path: '/user-settings', label: 'Settings' },
];

/** The side navigation of SPEC 2, by role. */
export function navigationFor(role: Role): readonly NavItem[] {
  switch (role) {
    case 'admin':
      return ADMIN_NAV;
    case 'manager':
      return MANAGER_NAV;
    case 'staff':
      return STAFF_NAV;
    case 'auditor':
      return AUDITOR_NAV;
    default:
      return OTHER_NAV;
  }
}
