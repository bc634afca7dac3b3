import type { Role } from './roles.ts';

export const PERMISSIONS = [
  'create_expense',
  'edit_expense',
  'delete_expense',
  'view_all_expenses',
  'view_own_expenses',
  'manage_users',
  'manage_categories',
  'manage_staff_savings',
  'view_own_savings',
  'view_profile',
  'edit_profile',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * SPEC.md section 6, with DECISIONS 2: delete_expense is admin-only, as the screen rule says
 * ('Only administrators can delete expenses'), so the manager row does not hold it.
 * view_profile and edit_profile belong to everyone who can sign in: every role has /profile.
 */
const TABLE: Record<Role, readonly Permission[]> = {
  admin: [
    'create_expense',
    'edit_expense',
    'delete_expense',
    'view_all_expenses',
    'manage_users',
    'manage_categories',
    'manage_staff_savings',
    'view_profile',
    'edit_profile',
  ],
  manager: ['create_expense', 'edit_expense', 'view_all_expenses', 'manage_categories', 'view_profile', 'edit_profile'],
  user: ['create_expense', 'edit_expense', 'view_own_expenses', 'view_own_savings', 'view_profile', 'edit_profile'],
  staff: ['view_own_savings', 'view_profile', 'edit_profile'],
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
