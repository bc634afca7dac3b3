import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MailDelivery } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { MailAttachment, Mailer, MailMessage } from './mailer.ts';

/** Tries before a mail is given up as failed: about a day and a half with the backoff below. */
export const MAX_MAIL_ATTEMPTS = 8;
/** How long a worker holds a mail it is sending before another may try it (it died, say). */
const LEASE = '2 minutes';
const BATCH = 20;

/**
 * Mail whose body holds a link that works by itself (an invitation, an email change to confirm).
 * Once sent, the queue keeps only a note in its place, so a database copy or backup taken within
 * the link's life holds no working link.
 */
const SECRET_LINK_KINDS = ['user.invitation', 'email_change_confirm'];
const SENT_SECRET_BODY = '(sent; the link it held is not kept)';
const KEPT_SECRET_BODY = '(written to the outbox folder, not sent; the link it held is not kept here)';

/** 30 s, 1 min, 2 min … doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

/**
 * An attachment made when its mail is sent, from what the mail stored: `kind` names the renderer
 * (AttachmentRenderers), the rest are its inputs. A month's statement is made from the ledger as
 * it stands when sent, so the queue holds a few ids, not a spreadsheet per holder.
 */
export type AttachmentSpec = { kind: string } & Record<string, unknown>;
export type AttachmentRenderers = Record<string, (spec: AttachmentSpec) => Promise<MailAttachment>>;

export type QueuedMail = { kind: string; message: Omit<MailMessage, 'attachments'>; attachment?: AttachmentSpec | null };

/**
 * Queues a mail inside the caller's transaction: it exists exactly when what it tells of
 * committed, and nothing about sending it can slow, fail or repeat that transaction.
 */
export async function enqueueMail(tx: Transaction, kind: string, message: Omit<MailMessage, 'attachments'>, attachment: AttachmentSpec | null = null): Promise<void> {
  await enqueueMails(tx, [{ kind, message, attachment }]);
}

/** Several mails in one insert (a batch's receipts, a month's statements). */
export async function enqueueMails(tx: Transaction, mails: readonly QueuedMail[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(mailOutbox).values(
    mails.map(({ kind, message, attachment }) => ({ kind, toEmail: message.to, subject: message.subject, body: message.text, attachment: attachment ?? null })),
  );
}

export type Outbox = {
  /** Send what is due soon, without waiting for the next poll (after a commit that queued mail). */
  nudge: () => void;
  /** Sends everything due now; resolves with how many were sent. */
  drain: () => Promise<number>;
  close: () => Promise<void>;
  /** Whether what is queued will leave (a mail server is set) or only be kept: answers say which. */
  delivery: MailDelivery;
  /** Mails kept in the outbox folder, never sent (Settings › Outgoing mail). */
  countKept: () => Promise<number>;
};

type Claimed = { id: string; to_email: string; subject: string; body: string; attempts: number; attachment: AttachmentSpec | null };

/**
 * Sends queued mail in the background. Safe with several instances on one database: each claims
 * due mail with FOR UPDATE SKIP LOCKED and holds it by moving its next attempt ahead (a lease), so
 * each mail is sent by one worker at a time; a worker that dies mid-send leaves it to be tried
 * again when the lease runs out (so a mail may, rarely, arrive twice; never not at all). A failed
 * send is retried with backoff and, after MAX_MAIL_ATTEMPTS, kept as failed with its error.
 */
export function startOutbox(options: {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  pollMs?: number;
  attachments?: AttachmentRenderers;
}): Outbox {
  const { db, mailer, log } = options;
  const renderers = options.attachments ?? {};
  const secretBody = mailer.delivery === 'kept' ? KEPT_SECRET_BODY : SENT_SECRET_BODY;
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
      returning id, to_email, subject, body, attempts, attachment`);
  }

  async function sendOne(mail: Claimed): Promise<boolean> {
    try {
      const attachments = mail.attachment ? [await render(mail.attachment)] : [];
      await mailer.send({ to: mail.to_email, subject: mail.subject, text: mail.body, attachments });
      await db.execute(sql`
        update mail_outbox
        set sent_at = now(), last_error = null,
            body = case when kind in (${sql.join(SECRET_LINK_KINDS.map((kind) => sql`${kind}`), sql`, `)}) then ${secretBody} else body end
        where id = ${mail.id}`);
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

  // A renderer that is missing or throws fails this try like a refusing server: retried, then kept as failed.
  async function render(spec: AttachmentSpec): Promise<MailAttachment> {
    const renderer = renderers[spec.kind];
    if (!renderer) throw new Error(`no renderer for attachments of kind ${spec.kind}`);
    return renderer(spec);
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
    delivery: mailer.delivery,
    countKept: mailer.countKept,
    close: async () => {
      state.closed = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
