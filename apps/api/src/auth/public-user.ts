import type { PublicUser } from '@kobo/core';
import type { users } from '../db/schema.ts';

/** The user columns a caller is made of: what the session read selects (session-actor.ts). */
export type PublicUserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'name' | 'email' | 'role' | 'active' | 'staffId' | 'phoneNumber' | 'accessLevel' | 'createdAt'
>;

export function toPublicUser(row: PublicUserRow): PublicUser {
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
