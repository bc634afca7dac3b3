export const ROLES = ['admin', 'manager', 'user', 'staff', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const ROLE_LABELS = {
  admin: 'Admin',
  manager: 'Manager',
  user: 'User',
  staff: 'Staff',
  auditor: 'Auditor',
} as const satisfies Record<Role, string>;

/**
 * DECISIONS 8: every role but admin may hold a savings account; admins run the scheme. Issue 27:
 * nor does the auditor, who checks the scheme's books and must hold no stake in them.
 */
export function holdsSavings(role: Role): boolean {
  return role !== 'admin' && role !== 'auditor';
}

/** The same rule as a list, for queries. */
export const SAVINGS_HOLDER_ROLES: readonly Role[] = ROLES.filter(holdsSavings);

/** SPEC 5: staff accounts are read-only, and so is an auditor's (issue 27); every other role has full access to its own screens. */
export function accessLevelOf(role: Role): 'full' | 'readonly' {
  return role === 'staff' || role === 'auditor' ? 'readonly' : 'full';
}
