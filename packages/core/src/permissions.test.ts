import { describe, expect, it } from 'vitest';
import { can, canAccess, PERMISSIONS, permissionsOf, refusalFor } from './permissions.ts';
import { ROLES } from './roles.ts';

describe('the permission table (SPEC 6 with DECISIONS 2)', () => {
  it('grants exactly the listed permissions', () => {
    expect(permissionsOf('admin').toSorted()).toEqual([
      'create_expense',
      'delete_expense',
      'edit_expense',
      'edit_profile',
      'manage_books',
      'manage_budgets',
      'manage_categories',
      'manage_settings',
      'manage_staff_savings',
      'manage_users',
      'open_savings_screen',
      'use_app',
      'view_all_expenses',
      'view_audit_log',
      'view_books',
      'view_dashboard',
      'view_expenses',
      'view_profile',
      'view_reports',
      'view_staff_savings',
    ]);
    expect(permissionsOf('manager').toSorted()).toEqual([
      'create_expense',
      'edit_expense',
      'edit_profile',
      'list_savings_in_menu',
      'manage_budgets',
      'manage_categories',
      'open_savings_screen',
      'use_app',
      'view_all_expenses',
      'view_expenses',
      'view_profile',
    ]);
    expect(permissionsOf('user').toSorted()).toEqual([
      'create_expense',
      'edit_expense',
      'edit_profile',
      'open_savings_screen',
      'post_own_savings',
      'use_app',
      'view_expenses',
      'view_own_expenses',
      'view_own_savings',
      'view_profile',
    ]);
    expect(permissionsOf('staff').toSorted()).toEqual(['edit_profile', 'use_app', 'view_own_savings', 'view_own_staff_account', 'view_profile']);
    expect(permissionsOf('auditor').toSorted()).toEqual([
      'edit_profile',
      'open_savings_screen',
      'use_app',
      'view_all_expenses',
      'view_audit_log',
      'view_books',
      'view_dashboard',
      'view_expenses',
      'view_profile',
      'view_reports',
      'view_staff_savings',
    ]);
  });

  it('lets a route that accepts any of several permissions through on any one of them', () => {
    expect(ROLES.filter((role) => canAccess(role, ['manage_staff_savings', 'post_own_savings']))).toEqual(['admin', 'user']);
    expect(ROLES.filter((role) => canAccess(role, ['manage_staff_savings', 'view_own_savings']))).toEqual(['admin', 'user', 'staff']);
    expect(ROLES.filter((role) => canAccess(role, ['view_staff_savings', 'view_own_savings']))).toEqual(['admin', 'user', 'staff', 'auditor']);
    expect(ROLES.filter((role) => canAccess(role, 'public'))).toEqual(['admin', 'manager', 'user', 'staff', 'auditor']);
    expect(canAccess(null, 'public')).toBe(true);
    expect(canAccess(null, 'use_app')).toBe(false);
  });

  it('refuses in the spec’s words where the spec has them', () => {
    expect(refusalFor('manage_staff_savings')).toBe('SAVINGS_NOT_AUTHORIZED');
    expect(refusalFor(['manage_staff_savings', 'view_own_savings'])).toBe('SAVINGS_NOT_AUTHORIZED');
    expect(refusalFor('view_staff_savings')).toBe('SAVINGS_NOT_AUTHORIZED');
    expect(refusalFor('delete_expense')).toBe('EXPENSE_DELETE_FORBIDDEN');
    expect(refusalFor('manage_users')).toBe('FORBIDDEN');
  });

  it('keeps delete_expense for admins only, though SPEC 6 lists it for managers too', () => {
    expect(ROLES.filter((role) => can(role, 'delete_expense'))).toEqual(['admin']);
  });

  it('keeps user and staff management and staff savings for admins only', () => {
    expect(ROLES.filter((role) => can(role, 'manage_users'))).toEqual(['admin']);
    expect(ROLES.filter((role) => can(role, 'manage_staff_savings'))).toEqual(['admin']);
    expect(ROLES.filter((role) => can(role, 'manage_categories'))).toEqual(['admin', 'manager']);
    expect(ROLES.filter((role) => can(role, 'create_expense'))).toEqual(['admin', 'manager', 'user']);
  });

  it('lets the auditor read what an admin reads and change nothing (issue 27)', () => {
    expect(ROLES.filter((role) => can(role, 'view_staff_savings'))).toEqual(['admin', 'auditor']);
    expect(ROLES.filter((role) => can(role, 'view_books'))).toEqual(['admin', 'auditor']);
    expect(ROLES.filter((role) => can(role, 'manage_books'))).toEqual(['admin']);
    const writes = ['create_expense', 'edit_expense', 'delete_expense', 'manage_categories', 'manage_budgets', 'manage_users', 'manage_staff_savings', 'post_own_savings', 'manage_books'] as const;
    expect(writes.filter((permission) => can('auditor', permission))).toEqual([]);
  });

  it('returns false when the role or the permission is missing', () => {
    expect(can(null, 'create_expense')).toBe(false);
    expect(can(undefined, 'create_expense')).toBe(false);
    expect(can('admin', null)).toBe(false);
    expect(can('nobody' as never, 'create_expense')).toBe(false);
    expect(can('admin', 'launch_rockets' as never)).toBe(false);
  });

  it('names only known permissions', () => {
    for (const role of ROLES) for (const permission of permissionsOf(role)) expect(PERMISSIONS).toContain(permission);
  });
});
