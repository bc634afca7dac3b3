import { eq, sql } from 'drizzle-orm';
import { AppError, calendarDate, valueDateProblem, type BooksStart, type IsoDate } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { appSettings } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { SavingsDeps } from './savings-accounts.ts';

/** 'YYYY-MM-DD'; absent: the default below stands. */
const BOOKS_START = 'savings.books_start';

/**
 * The books' start date (issue 26): the day an admin set in Settings, else the earliest value date
 * already in the ledger or the day Kobo was set up (its first account), whichever is earlier, so
 * no existing posting is ever before it. Read only for a posting valued before today.
 */
export async function readBooksStart(db: Database | Transaction, deps: Pick<SavingsDeps, 'now' | 'timeZone'>): Promise<BooksStart> {
  const [row] = await queryRows<{ stored: IsoDate | null; earliest: IsoDate | null; set_up: IsoDate | null }>(
    db,
    sql`select (select value from app_settings where key = ${BOOKS_START}) as stored,
               (select min(value_date)::text from savings_transactions) as earliest,
               (select (min(created_at) at time zone ${deps.timeZone})::date::text from users) as set_up`,
  );
  if (row?.stored) return { booksStart: row.stored, isSet: true };
  const days = [row?.earliest, row?.set_up, calendarDate(deps.now(), deps.timeZone)].filter((day): day is IsoDate => Boolean(day));
  return { booksStart: days.reduce((earliest, day) => (day < earliest ? day : earliest)), isSet: false };
}

/** Settings → Books' start date: not in the future; one audit entry with before and after; unchanged saves nothing. */
export async function saveBooksStart(deps: SavingsDeps, actor: Actor, booksStart: IsoDate): Promise<BooksStart> {
  const problem = valueDateProblem(booksStart, deps.now(), deps.timeZone);
  if (problem) throw new AppError('VALIDATION', { message: problem, field: 'booksStart' });
  return deps.db.transaction(async (tx) => {
    // Lock the row there is, so two saves at once are recorded one after the other.
    await tx.select().from(appSettings).where(eq(appSettings.key, BOOKS_START)).for('update');
    const before = await readBooksStart(tx, deps);
    if (before.isSet && before.booksStart === booksStart) return before;
    await tx.insert(appSettings).values({ key: BOOKS_START, value: booksStart }).onConflictDoUpdate({ target: appSettings.key, set: { value: booksStart } });
    await recordAudit(tx, {
      kind: 'savings.books_start_changed',
      actor,
      target: { type: 'settings', id: BOOKS_START, label: "Books' start date" },
      before: { ...before },
      after: { booksStart },
      at: deps.now(),
    });
    return { booksStart, isSet: true };
  });
}
