import { sql, type SQL } from 'drizzle-orm';
import { AppError, addDays, startOfDay, type AuditEntryView, type AuditKind, type AuditPage, type AuditQuery, type AuditTargetType } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';

export type AuditDeps = { db: Database; timeZone: string };

type AuditRow = {
  id: string;
  at: string;
  at_micros: string;
  seq: string;
  kind: AuditKind;
  actor_id: string;
  actor_name: string;
  actor_email: string;
  target_type: AuditTargetType;
  target_id: string | null;
  target_label: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

const CURSOR = /^(\d{1,20})\.(\d{1,20})$/;

/**
 * The audit log, newest first, a page at a time: keyset paging on (at, seq), so the last page
 * of a long history costs what the first does. `userId` matches who acted and whom it concerned.
 */
export async function listAuditEntries(deps: AuditDeps, query: AuditQuery): Promise<AuditPage> {
  const conditions: SQL[] = [sql`true`];
  if (query.userId) conditions.push(sql`(a.actor_id = ${query.userId} or a.people @> array[${query.userId}]::text[])`);
  if (query.kind) conditions.push(sql`a.kind = ${query.kind}`);
  if (query.from) conditions.push(sql`a.at >= ${startOfDay(query.from, deps.timeZone).toISOString()}::timestamptz`);
  if (query.to) conditions.push(sql`a.at < ${startOfDay(addDays(query.to, 1), deps.timeZone).toISOString()}::timestamptz`);
  if (query.cursor) {
    const match = CURSOR.exec(query.cursor);
    if (!match) throw new AppError('VALIDATION', { field: 'cursor' });
    const [, micros, seq] = match;
    // Whole microseconds since the epoch: exact, unlike a float of seconds.
    conditions.push(sql`(a.at, a.seq) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${seq}::bigint)`);
  }
  const rows = await queryRows<AuditRow>(
    deps.db,
    sql`select a.id, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
          ((extract(epoch from a.at) * 1000000)::numeric(30, 0))::text as at_micros, a.seq::text as seq,
          a.kind, a.actor_id, a.actor_name, a.actor_email, a.target_type, a.target_id, a.target_label, a.before, a.after
        from audit_log a
        where ${sql.join(conditions, sql` and `)}
        order by a.at desc nulls last, a.seq desc nulls last
        limit ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(toEntryView),
    nextCursor: rows.length > query.limit && last ? `${last.at_micros}.${last.seq}` : null,
  };
}

function toEntryView(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    at: row.at,
    kind: row.kind,
    actor: { id: row.actor_id, name: row.actor_name, email: row.actor_email },
    target: { type: row.target_type, id: row.target_id, label: row.target_label },
    before: row.before,
    after: row.after,
  };
}
