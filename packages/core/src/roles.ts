export const ROLES = ['admin', 'manager', 'user', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const ROLE_LABELS = {
  admin: 'Admin',
  manager: 'Manager',
  user: 'User',
  staff: 'Staff',
} as const satisfies Record<Role, string>;
