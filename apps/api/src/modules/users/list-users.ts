import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { UserListQuery, UserPage } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { toPublicUser } from '../../auth/public-user.ts';
import { invitationStates } from './invitations/invitation-states.ts';

const SORT_COLUMNS = {
  name: sql`lower(${users.name})`,
  email: sql`${users.email}`,
  role: sql`${users.role}`,
  // 'active' sorts before 'inactive', as the words do.
  status: sql`(not ${users.active})`,
  createdAt: sql`${users.createdAt}`,
} satisfies Record<UserListQuery['sort'], SQL>;

/**
 * The users table (User Management): search over name, email and staff ID, one sort column with
 * the name and id breaking ties, and a page with the filtered total. Offset paging is fine here:
 * 5,000 people sort in a few milliseconds, and the table wants page numbers. Each row carries
 * the person's invitation state (docs/decisions/023-invitations.md), judged at `now`.
 */
export async function listUsers(db: Database, query: UserListQuery, now: Date = new Date()): Promise<UserPage> {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.staffId, pattern)));
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const direction = query.order === 'desc' ? desc : asc;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort]), asc(sql`lower(${users.name})`), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  const invitations = await invitationStates(
    db,
    rows.map((row) => row.id),
    now,
  );
  return {
    users: rows.map((row) => ({ ...toPublicUser(row), invitation: invitations.get(row.id) ?? null })),
    total: totals[0]?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
