import type { PublicUser } from '@kobo/core';
import type { users } from '../db/schema.ts';

type UserRow = typeof users.$inferSelect;

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    active: row.active,
    status: row.active ? 'active' : 'inactive',
    staffId: row.staffId,
    phoneNumber: row.phoneNumber,
    accessLevel: row.accessLevel,
    createdAt: row.createdAt.toISOString(),
  };
}
