import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { LIVE_EXIT_STATUSES } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

/**
 * Issue 32: which of `userIds` have a live exit (notice given, not cancelled). From notice on a
 * member takes no new loan and gives no new guarantee; the loans module asks here (it stands
 * below the exits module, so it reads the table, not the module).
 */
export async function leavingAmong(db: Database | Transaction, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id from member_exits where status in ${LIVE_EXIT_STATUSES} and user_id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))`,
  );
  return new Set(rows.map((row) => row.user_id));
}

/** The same rule as a condition on a user id column: the user has no live exit (the guarantor picker leaves leavers out). */
export function notLeavingSql(userId: AnyColumn): SQL {
  return sql`not exists (select 1 from member_exits x where x.user_id = ${userId} and x.status in ${LIVE_EXIT_STATUSES})`;
}
