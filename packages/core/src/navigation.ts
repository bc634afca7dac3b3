import type { Role } from './roles.ts';
import { can, type Permission } from './permissions.ts';
import type { ScreenPath } from './guards.ts';

export type NavItem = { path: ScreenPath; label: string };

type MenuEntry = NavItem & { needs: Permission };

/**
 * SPEC 2's side navigation, in its order: each place in the menu lists its entries, and a role sees
 * the first whose permission it holds (or none). SPEC 2 names the manager's paths but not their
 * labels; they reuse the admin's words where the path is the same and say "Savings" / "Settings"
 * for the rest.
 */
const MENU: readonly (readonly MenuEntry[])[] = [
  [{ path: '/dashboard', label: 'Dashboard', needs: 'view_dashboard' }],
  [{ path: '/expenses', label: 'Expenses', needs: 'view_expenses' }],
  [
    { path: '/savings', label: 'Staff Savings', needs: 'view_staff_savings' },
    { path: '/savings', label: 'Savings', needs: 'list_savings_in_menu' },
    { path: '/staff-savings', label: 'My Savings', needs: 'view_own_staff_account' },
  ],
  // Issue 15: savings requests waiting for an administrator; the layout shows how many beside it.
  [{ path: '/approvals', label: 'Approvals', needs: 'manage_staff_savings' }],
  // Issue 12: lending against savings, run by the same officers (docs/decisions/019-loans.md).
  [{ path: '/loans', label: 'Loans', needs: 'view_staff_savings' }],
  [{ path: '/reports', label: 'Reports', needs: 'view_reports' }],
  // Issue 27: the books (trial balance, income and expenditure, balance sheet, journal).
  [{ path: '/books', label: 'Books', needs: 'view_books' }],
  [{ path: '/users', label: 'Users', needs: 'manage_users' }],
  // Issue 5: the audit log (docs/decisions/011-people-and-audit.md).
  [{ path: '/audit', label: 'Audit Log', needs: 'view_audit_log' }],
  [{ path: '/profile', label: 'Profile', needs: 'view_profile' }],
  [
    { path: '/settings', label: 'Settings', needs: 'manage_settings' },
    { path: '/user-settings', label: 'Settings', needs: 'use_app' },
  ],
];

/** Every entry the menu can show, with the permission it asks (for the tests that check the table). */
export const MENU_ENTRIES: readonly MenuEntry[] = MENU.flat();

/** The side navigation of SPEC 2 for a role. */
export function navigationFor(role: Role): readonly NavItem[] {
  return MENU.flatMap((place) => {
    const entry = place.find((candidate) => can(role, candidate.needs));
    return entry ? [{ path: entry.path, label: entry.label }] : [];
  });
}

/** Where a role lands when a screen refuses it: the first screen of its menu. */
export function homeOf(role: Role): ScreenPath {
  return navigationFor(role)[0]?.path ?? '/profile';
}
