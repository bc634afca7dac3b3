import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, permissionsOf } from './permissions.ts';
import { ROLES } from './roles.ts';

describe('the permission table (SPEC 6 with DECISIONS 2)', () => {
  it('grants exactly the listed permissions', () => {
    expect(permissionsOf('admin')).toEqual(
      expect.arrayContaining(['create_expense', 'edit_expense', 'delete_expense', 'view_all_expenses', 'manage_users', 'manage_categories', 'manage_staff_savings']),
    );
    expect(permissionsOf('manager')).toEqual(
      expect.arrayContaining(['create_expense', 'edit_expense', 'view_all_expenses', 'manage_categories']),
    );
    expect(permissionsOf('user')).toEqual(expect.arrayContaining(['create_expense', 'edit_expense', 'view_own_expenses']));
    expect(permissionsOf('staff')).toEqual(expect.arrayContaining(['view_own_savings', 'view_profile', 'edit_profile']));
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
