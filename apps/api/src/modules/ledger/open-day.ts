import { sql } from 'drizzle-orm';
import type { Book, IsoDate } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';

/**
 * The first day on or after `day` that a book can take an entry: the day itself, or the 1st of
 * the first open month after it (migration 0015's ledger_open_day). A reversal whose caller named
 * no day is dated here, so undoing a posting never needs a locked month reopened.
 */
export async function openDay(db: Database | Transaction, book: Book, day: IsoDate): Promise<IsoDate> {
  const [row] = await queryRows<{ day: IsoDate }>(db, sql`select ledger_open_day(${book}, ${day}::date)::text as day`);
  return row?.day ?? day;
}
