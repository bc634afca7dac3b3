import { sql, type SQL } from 'drizzle-orm';
import { AppError, type OutboxMailView, type OutboxPage, type OutboxQuery } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import type { Outbox } from '../../mail/outbox.ts';

type OutboxRow = {
  id: string;
  kind: string;
  to_email: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  created_micros: string;
  next_attempt_at: string;
  failed_at: string | null;
};

const CURSOR = /^(\d{1,20})\.([0-9a-f-]{36})$/;
const STATUS: Record<OutboxQuery['status'], SQL> = {
  failed: sql`failed_at is not null`,
  queued: sql`sent_at is null and failed_at is null`,
};
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The outgoing mail screen (admins): how many mails wait and how many failed for good, and one
 * of those lists, newest first, a page at a time (keyset on created_at, id). Sent mail is not
 * listed: the list is for what needs a look. Bodies are not shown: a reset link is a secret.
 * Without a mail server, "sent" mail only went to the outbox folder: `mailServer` says so, and
 * how many the folder keeps (issue 26, docs/decisions/037-mail-without-a-server.md).
 */
export async function listOutbox(db: Database, outbox: Pick<Outbox, 'delivery' | 'countKept'>, query: OutboxQuery): Promise<OutboxPage> {
  const conditions: SQL[] = [STATUS[query.status]];
  if (query.cursor) {
    const match = CURSOR.exec(query.cursor);
    if (!match) throw new AppError('VALIDATION', { field: 'cursor' });
    const [, micros, id] = match;
    conditions.push(sql`(created_at, id) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::uuid)`);
  }
  const rows = await queryRows<OutboxRow>(db, sql`
    select id, kind, to_email, subject, attempts, last_error, ${iso('created_at')} as created_at,
           ((extract(epoch from created_at) * 1000000)::numeric(30, 0))::text as created_micros,
           ${iso('next_attempt_at')} as next_attempt_at, ${iso('failed_at')} as failed_at
    from mail_outbox
    where ${sql.join(conditions, sql` and `)}
    order by created_at desc, id desc
    limit ${query.limit + 1}`);
  const [counts] = await queryRows<{ queued: number; failed: number }>(db, sql`
    select (count(*) filter (where sent_at is null and failed_at is null))::int as queued,
           (count(*) filter (where failed_at is not null))::int as failed
    from mail_outbox
    where sent_at is null`);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    counts: { queued: counts?.queued ?? 0, failed: counts?.failed ?? 0 },
    mails: page.map(toView),
    nextCursor: rows.length > query.limit && last ? `${last.created_micros}.${last.id}` : null,
    mailServer: { isSet: outbox.delivery === 'sending', kept: await outbox.countKept() },
  };
}

function toView(row: OutboxRow): OutboxMailView {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_email,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    nextAttemptAt: row.failed_at ? null : row.next_attempt_at,
    failedAt: row.failed_at,
  };
}
