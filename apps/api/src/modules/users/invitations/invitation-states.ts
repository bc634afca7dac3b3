import { sql } from 'drizzle-orm';
import type { InvitationState } from '@kobo/core';
import { queryRows, type Database } from '../../../db/client.ts';

type StateRow = {
  id: string;
  has_password: boolean;
  expires_at: Date | string | null;
  used_at: Date | string | null;
  revoked_at: Date | string | null;
};

/**
 * Each person's invitation state for the users table (docs/decisions/023-invitations.md): null for
 * someone with a password; else what their latest invitation says (the open one first, should
 * there ever be two). One query for a page of people.
 */
export async function invitationStates(db: Database, userIds: readonly string[], now: Date): Promise<Map<string, InvitationState | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<StateRow>(
    db,
    sql`
      select u.id,
             exists (select 1 from accounts a where a.user_id = u.id and a.provider_id = 'credential' and a.password is not null) as has_password,
             latest.expires_at, latest.used_at, latest.revoked_at
      from users u
      left join lateral (
        select i.expires_at, i.used_at, i.revoked_at
        from invitations i
        where i.user_id = u.id
        order by (i.used_at is null and i.revoked_at is null) desc, i.created_at desc, i.id desc
        limit 1
      ) latest on true
      where u.id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((row) => [row.id, stateOf(row, now)]));
}

export async function invitationStateOf(db: Database, userId: string, now: Date): Promise<InvitationState | null> {
  return (await invitationStates(db, [userId], now)).get(userId) ?? null;
}

function stateOf(row: StateRow, now: Date): InvitationState | null {
  if (row.has_password) return null;
  if (row.expires_at === null || row.used_at !== null) return { status: 'none', expiresAt: null };
  if (row.revoked_at !== null) return { status: 'withdrawn', expiresAt: null };
  const expiresAt = new Date(row.expires_at);
  return { status: expiresAt.getTime() > now.getTime() ? 'pending' : 'expired', expiresAt: expiresAt.toISOString() };
}
