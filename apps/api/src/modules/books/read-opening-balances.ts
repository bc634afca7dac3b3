import { and, asc, eq } from 'drizzle-orm';
import type { Book, OpeningBalancesView } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { journalEntries } from '../../db/schema.ts';
import { readEntryView } from '../ledger/journal-writes.ts';

/** GET /api/books/opening?book= : the book's opening entry, or null before one is posted. */
export async function readOpeningBalances(db: Database, book: Book): Promise<OpeningBalancesView> {
  const [opening] = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.book, book), eq(journalEntries.sourceType, 'opening')))
    .orderBy(asc(journalEntries.seq))
    .limit(1);
  return { book, entry: opening ? await readEntryView(db, opening.id) : null };
}
