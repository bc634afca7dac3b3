import { sql } from 'drizzle-orm';
import { AppError, BOOK_REPORT_MESSAGES, EARLIEST_DATE, LATEST_DATE, MAX_BOOK_EXPORT_LINES, type Book, type IsoDate, type JournalEntryView, type JournalPage, type JournalQuery, type JournalSource } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { debitCredit, decodeCursor, encodeCursor, isoInstant, LINK_ID_SQL, LINK_REF_SQL, SUBLEDGER_NAME_JOINS, SUBLEDGER_NAME_SQL, toLink } from './book-views.ts';

/** Entries per page of the journal. */
export const JOURNAL_PAGE_SIZE = 50;

type JournalRow = {
  id: string;
  seq: string | number;
  book: Book;
  value_date: IsoDate;
  narration: string;
  source_type: JournalSource;
  source_id: string | null;
  reverses_entry_id: string | null;
  created_at: string | Date;
  link_id: string | null;
  link_ref: string | null;
  line_no: number;
  account_id: string;
  code: string;
  name: string;
  subledger_id: string | null;
  subledger_name: string | null;
  amount_kobo: string | number;
};

/**
 * A book's journal, newest value date first (then newest entry), `pageSize` entries a page, each
 * with all its lines and a link to what made it. One statement: the page's entries by the
 * (book, value date, seq) index, then their lines.
 */
export async function readJournal(db: Database, query: JournalQuery, pageSize = JOURNAL_PAGE_SIZE): Promise<JournalPage> {
  const from = query.from ?? EARLIEST_DATE;
  const to = query.to ?? LATEST_DATE;
  const cursor = decodeCursor(query.cursor, { from, to });
  const before = cursor ? sql`and (e.value_date, e.seq) < (${cursor.day}::date, ${cursor.seq}::bigint)` : sql``;
  const rows = await queryRows<JournalRow>(
    db,
    sql`with page as (
          select e.id, e.seq, e.book, e.value_date, e.narration, e.source_type, e.source_id, e.reverses_entry_id, e.created_at,
                 ${LINK_ID_SQL} as link_id, ${LINK_REF_SQL} as link_ref
          from journal_entries e
          where e.book = ${query.book} and e.value_date >= ${from} and e.value_date <= ${to} ${before}
          order by e.value_date desc, e.seq desc
          limit ${pageSize + 1}
        )
        select p.id, p.seq, p.book, p.value_date::text as value_date, p.narration, p.source_type, p.source_id, p.reverses_entry_id,
               p.created_at, p.link_id, p.link_ref, l.line_no, l.account_id, a.code, a.name, l.subledger_id, ${SUBLEDGER_NAME_SQL} as subledger_name, l.amount_kobo
        from page p
        join journal_lines l on l.entry_id = p.id
        join ledger_accounts a on a.id = l.account_id
        ${SUBLEDGER_NAME_JOINS}
        order by p.value_date desc, p.seq desc, l.line_no`,
  );
  const entries: JournalEntryView[] = [];
  for (const row of rows) {
    let entry = entries.at(-1);
    if (entry?.id !== row.id) {
      entry = {
        id: row.id,
        seq: Number(row.seq),
        book: row.book,
        valueDate: row.value_date,
        narration: row.narration,
        source: row.source_type,
        link: toLink(row.source_type, row.link_id, row.link_ref),
        reversesEntryId: row.reverses_entry_id,
        createdAt: isoInstant(row.created_at),
        lines: [],
      };
      entries.push(entry);
    }
    entry.lines.push({
      accountId: row.account_id,
      code: row.code,
      name: row.name,
      subledgerId: row.subledger_id,
      subledgerName: row.subledger_name,
      ...debitCredit(koboFromDb(row.amount_kobo)),
    });
  }
  const page = entries.slice(0, pageSize);
  const last = page.at(-1);
  return { entries: page, nextCursor: entries.length > pageSize && last ? encodeCursor({ day: last.valueDate, seq: last.seq, line: 0 }) : null };
}

/** Every entry of the period for a download; more than MAX_BOOK_EXPORT_LINES entries is refused with a sentence. */
export async function readJournalForExport(db: Database, query: Omit<JournalQuery, 'cursor'>): Promise<JournalPage> {
  const page = await readJournal(db, { ...query, cursor: undefined }, MAX_BOOK_EXPORT_LINES);
  if (page.nextCursor) throw new AppError('EXPORT_TOO_LARGE', { message: BOOK_REPORT_MESSAGES.exportTooLarge });
  return page;
}
