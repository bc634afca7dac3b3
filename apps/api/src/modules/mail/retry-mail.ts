import { sql } from 'drizzle-orm';
import { AppError, isUuid, outboxKindLabel } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Database } from '../../db/client.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { recordAudit } from '../audit/record-audit.ts';

/**
 * Sends a failed mail again (admins): back in the queue, due now, with its tries counted from
 * zero, and an audit entry, in one transaction. Only failed mail: a queued one is already being
 * tried and a sent one went out, so retrying either could send it twice.
 */
export async function retryMail(deps: { db: Database; outbox: Pick<Outbox, 'nudge'>; now: () => Date }, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw new AppError('MAIL_NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    const [mail] = await queryRows<{ kind: string; to_email: string; subject: string; attempts: number; last_error: string | null; failed: boolean }>(
      tx,
      sql`select kind, to_email, subject, attempts, last_error, failed_at is not null as failed from mail_outbox where id = ${id} for update`,
    );
    if (!mail) throw new AppError('MAIL_NOT_FOUND');
    if (!mail.failed) throw new AppError('MAIL_NOT_FAILED');
    await tx.execute(sql`update mail_outbox set failed_at = null, attempts = 0, next_attempt_at = now() where id = ${id}`);
    await recordAudit(tx, {
      kind: 'mail.retried',
      actor,
      target: { type: 'mail', id, label: `${outboxKindLabel(mail.kind)} to ${mail.to_email}` },
      before: { status: 'failed', attempts: mail.attempts, lastError: mail.last_error },
      after: { status: 'queued', attempts: 0, subject: mail.subject },
      at: deps.now(),
    });
  });
  deps.outbox.nudge();
}
