import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Book, PeriodLockView, PeriodLocksView } from '@kobo/core';
import type { Database, Transaction } from '../../db/client.ts';
import { ledgerPeriodLocks, users } from '../../db/schema.ts';

type Db = Database | Transaction;

/** GET /api/books/locks?book= : the locked months, by book, newest month first, with who locked each. */
export async function listLocks(db: Db, book?: Book): Promise<PeriodLocksView> {
  return { locks: await selectLocks(db, book ? eq(ledgerPeriodLocks.book, book) : undefined) };
}

export async function readLock(db: Db, book: Book, month: string): Promise<PeriodLockView | null> {
  const [lock] = await selectLocks(db, and(eq(ledgerPeriodLocks.book, book), eq(ledgerPeriodLocks.month, month)));
  return lock ?? null;
}

async function selectLocks(db: Db, where: SQL | undefined): Promise<PeriodLockView[]> {
  const rows = await db
    .select({ book: ledgerPeriodLocks.book, month: ledgerPeriodLocks.month, lockedAt: ledgerPeriodLocks.lockedAt, lockedBy: users.name })
    .from(ledgerPeriodLocks)
    .leftJoin(users, eq(users.id, ledgerPeriodLocks.lockedById))
    .where(where)
    .orderBy(asc(ledgerPeriodLocks.book), desc(ledgerPeriodLocks.month));
  return rows.map((row) => ({ book: row.book, month: row.month, lockedAt: row.lockedAt.toISOString(), lockedBy: row.lockedBy }));
}
