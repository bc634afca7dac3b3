import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database, type Transaction } from '../db/client.ts';
import { loanEventMails } from './loan-events.ts';
import { enqueueMails, type Outbox } from './outbox.ts';
import { savingsReceipts } from './savings-receipts.ts';

/** Notices turned into mail per transaction: a 200-row batch is two turns. */
const BATCH = 100;

export type LedgerNotifier = {
  /** Turn what is waiting into mail now, without waiting for the next poll. */
  nudge: () => void;
  /** Turns every notice waiting now into queued mail; resolves with how many notices were handled. */
  drain: () => Promise<number>;
  close: () => Promise<void>;
};

type Notice = { id: string; ledger: 'savings' | 'loan' | 'savings_batch' | 'loan_batch'; entry_id: string; from_seq: string | null; to_seq: string | null };

/** A run's one notice stands for its rows in this ledger and table (migration 0039). */
const RUN_ROWS: Partial<Record<Notice['ledger'], { ledger: 'savings' | 'loan'; table: string }>> = {
  savings_batch: { ledger: 'savings', table: 'savings_transactions' },
  loan_batch: { ledger: 'loan', table: 'loan_transactions' },
};

/**
 * A run's notice becomes its rows' notices, in posting order, in this transaction (which deletes
 * the run's notice with the others it claimed): their ids come after every id claimed, so this
 * drain reaches them next, 100 at a time, as if the run had written them.
 */
async function expandRuns(tx: Transaction, notices: readonly Notice[]): Promise<void> {
  for (const notice of notices) {
    const run = RUN_ROWS[notice.ledger];
    if (!run) continue;
    await tx.execute(sql`
      insert into ledger_notices (ledger, entry_id)
      select ${run.ledger}, t.id from ${sql.raw(run.table)} t
      where t.batch_id = ${notice.entry_id}::uuid and t.seq between ${notice.from_seq}::bigint and ${notice.to_seq}::bigint
      order by t.seq`);
  }
}

/**
 * Tells holders of their postings (issue 15, docs/decisions/020-notifications.md). A trigger on
 * each ledger leaves a notice per new row in the posting's own transaction (migration 0010; a
 * run's rows leave one notice for the run, which this worker turns into theirs, migration 0039); this
 * worker, never inside a posting's transaction, takes waiting notices in one transaction of its
 * own: it claims them (FOR UPDATE SKIP LOCKED, so several instances share the work and never
 * take the same notice), queues each holder's mail in the outbox, and deletes the notices. The
 * mail and the deletion commit together, so a notice becomes exactly one queued mail (or none,
 * for a holder who turned that kind off or whose user record is gone), whatever dies when; the
 * outbox then sends it with its own retries. A notice is read the first time it is due, whatever
 * the order of posting, and a batch that fails is tried again, notice by notice, the next time.
 */
export function startLedgerNotifier(options: {
  db: Database;
  outbox: Pick<Outbox, 'nudge'>;
  log: FastifyBaseLogger;
  appUrl: string;
  /** How often to look for notices; null: only when drained or nudged (tests drive it by hand). */
  pollMs: number | null;
}): LedgerNotifier {
  const { db, outbox, log, appUrl } = options;
  let running: Promise<number> | null = null;
  // Changed by nudge() and close() while a drain awaits: read afresh on every turn of its loops.
  const state = { again: false, closed: false };

  /** One transaction: claim up to `limit` notices after `after`, queue their mail, delete them. */
  async function handle(after: string, limit: number): Promise<{ handled: number; last: string | null; mailed: number }> {
    return db.transaction(async (tx) => {
      const notices = await queryRows<Notice>(tx, sql`
        select id::text as id, ledger, entry_id, from_seq::text as from_seq, to_seq::text as to_seq from ledger_notices
        where id > ${after}::bigint
        order by id
        limit ${limit}
        for update skip locked`);
      if (notices.length === 0) return { handled: 0, last: null, mailed: 0 };
      await expandRuns(tx, notices);
      const entries = (ledger: Notice['ledger']) => notices.filter((notice) => notice.ledger === ledger).map((notice) => notice.entry_id);
      const mails = [...(await savingsReceipts(tx, entries('savings'), appUrl)), ...(await loanEventMails(tx, entries('loan'), appUrl))];
      await enqueueMails(tx, mails);
      await tx.execute(sql`delete from ledger_notices where id in (select value::bigint from jsonb_array_elements_text(${JSON.stringify(notices.map((notice) => notice.id))}::jsonb))`);
      return { handled: notices.length, last: notices.at(-1)?.id ?? null, mailed: mails.length };
    });
  }

  async function drainOnce(): Promise<number> {
    let handled = 0;
    let mailed = 0;
    // Forward through the ids, so a notice that cannot be handled is passed over until the next drain.
    for (let after = '0'; !state.closed; ) {
      let turn: Awaited<ReturnType<typeof handle>>;
      try {
        turn = await handle(after, BATCH);
      } catch (error) {
        // One notice in the batch cannot be read: take the batch one by one, so the rest still go out.
        log.error({ err: error }, 'ledger notices could not be turned into mail; trying them one at a time');
        turn = await handleOneByOne(after);
      }
      if (turn.last === null) break;
      handled += turn.handled;
      mailed += turn.mailed;
      after = turn.last;
    }
    if (mailed > 0) outbox.nudge();
    return handled;
  }

  async function handleOneByOne(after: string): Promise<{ handled: number; last: string | null; mailed: number }> {
    const total = { handled: 0, last: null as string | null, mailed: 0 };
    for (let index = 0, from = after; index < BATCH && !state.closed; index += 1) {
      try {
        const turn = await handle(from, 1);
        if (turn.last === null) break;
        Object.assign(total, { handled: total.handled + turn.handled, mailed: total.mailed + turn.mailed, last: turn.last });
        from = turn.last;
      } catch (error) {
        const [stuck] = await queryRows<{ id: string }>(db, sql`select id::text as id from ledger_notices where id > ${from}::bigint order by id limit 1`);
        log.error({ err: error, noticeId: stuck?.id }, 'a ledger notice could not be turned into mail; it is kept and tried again later');
        if (!stuck) break;
        total.last = stuck.id;
        from = stuck.id;
      }
    }
    return total;
  }

  function drain(): Promise<number> {
    if (running) {
      state.again = true;
      return running;
    }
    running = (async () => {
      let handled = 0;
      do {
        state.again = false;
        handled += await drainOnce();
      } while (state.again && !state.closed);
      return handled;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const report = (error: unknown) => log.error({ err: error }, 'ledger notices could not be read');
  const timer = options.pollMs === null ? null : setInterval(() => void drain().catch(report), options.pollMs);
  timer?.unref();
  return {
    nudge: () => void drain().catch(report),
    drain,
    close: async () => {
      state.closed = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
