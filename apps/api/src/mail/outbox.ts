import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database, type Transaction } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** Tries before a mail is given up as failed: about a day and a half with the backoff below. */
export const MAX_MAIL_ATTEMPTS = 8;
/** How long a worker holds a mail it is sending before another may try it (it died, say). */
const LEASE = '2 minutes';
const BATCH = 20;

/** 30 s, 1 min, 2 min … doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Queues a mail inside the caller's transaction: it exists exactly when what it tells of
 * committed, and nothing about sending it can slow, fail or repeat that transaction.
 */
export async function enqueueMail(tx: Transaction, kind: string, message: MailMessage): Promise<void> {
  await tx.insert(mailOutbox).values({ kind, toEmail: message.to, subject: message.subject, body: message.text });
}

export type Outbox = {
  /** Send what is due soon, without waiting for the next poll (after a commit that queued mail). */
  nudge: () => void;
  /** Sends everything due now; resolves with how many were sent. */
  drain: () => Promise<number>;
  close: () => Promise<void>;
};

type Claimed = { id: string; to_email: string; subject: string; body: string; attempts: number };

/**
 * Sends queued mail in the background. Safe with several instances on one database: each claims
 * due mail with FOR UPDATE SKIP LOCKED and holds it by moving its next attempt ahead (a lease), so
 * each mail is sent by one worker at a time; a worker that dies mid-send leaves it to be tried
 * again when the lease runs out (so a mail may, rarely, arrive twice; never not at all). A failed
 * send is retried with backoff and, after MAX_MAIL_ATTEMPTS, kept as failed with its error.
 */
export function startOutbox(options: { db: Database; mailer: Mailer; log: FastifyBaseLogger; pollMs?: number }): Outbox {
  const { db, mailer, log } = options;
  let running: Promise<number> | null = null;
  // Changed by nudge() and close() while a drain awaits: read afresh on every turn of its loops.
  const state = { again: false, closed: false };

  async function claim(): Promise<Claimed[]> {
    return queryRows<Claimed>(db, sql`
      update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '${sql.raw(LEASE)}'
      where id in (
        select id from mail_outbox
        where sent_at is null and failed_at is null and next_attempt_at <= now()
        order by next_attempt_at
        limit ${BATCH}
        for update skip locked
      )
      returning id, to_email, subject, body, attempts`);
  }

  async function sendOne(mail: Claimed): Promise<boolean> {
    try {
      await mailer.send({ to: mail.to_email, subject: mail.subject, text: mail.body });
      await db.execute(sql`update mail_outbox set sent_at = now(), last_error = null where id = ${mail.id}`);
      return true;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const gaveUp = mail.attempts >= MAX_MAIL_ATTEMPTS;
      await db.execute(sql`
        update mail_outbox
        set last_error = ${message},
            failed_at = ${gaveUp ? sql`now()` : sql`null`},
            next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(mail.attempts)})
        where id = ${mail.id}`);
      log.warn({ mailId: mail.id, attempts: mail.attempts, gaveUp, err: message }, 'sending mail failed');
      return false;
    }
  }

  async function drainOnce(): Promise<number> {
    let sent = 0;
    for (let claimed = await claim(); claimed.length > 0 && !state.closed; claimed = await claim()) {
      for (const mail of claimed) if (await sendOne(mail)) sent += 1;
    }
    return sent;
  }

  function drain(): Promise<number> {
    if (running) {
      state.again = true;
      return running;
    }
    running = (async () => {
      let sent = 0;
      do {
        state.again = false;
        sent += await drainOnce();
      } while (state.again && !state.closed);
      return sent;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const report = (error: unknown) => log.error({ err: error }, 'the mail outbox could not be read');
  const timer = setInterval(() => void drain().catch(report), options.pollMs ?? 5_000);
  timer.unref();
  return {
    nudge: () => void drain().catch(report),
    drain,
    close: async () => {
      state.closed = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
