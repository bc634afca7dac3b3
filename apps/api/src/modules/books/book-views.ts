import { sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  asKobo,
  BOOK_REPORT_MESSAGES,
  calendarDate,
  MESSAGES,
  naturalBalance,
  type AccountKind,
  type Book,
  type BookReportRow,
  type IsoDate,
  type JournalSource,
  type JournalSourceLink,
  type Kobo,
  type LedgerAccountView,
  type Subledger,
} from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';

export type BookDeps = { db: Database; now: () => Date; timeZone: string };

/** The first day a report without dates starts from: 1 January of this year in the organisation's zone. */
export function startOfYear(today: IsoDate): IsoDate {
  return `${today.slice(0, 4)}-01-01`;
}

export function todayIn(deps: Pick<BookDeps, 'now' | 'timeZone'>): IsoDate {
  return calendarDate(deps.now(), deps.timeZone);
}

/** A period with its defaults filled: 1 January of this year to today; `to` before `from` is refused beside `to`. */
export function resolvePeriod(deps: Pick<BookDeps, 'now' | 'timeZone'>, query: { from?: IsoDate | undefined; to?: IsoDate | undefined }): { from: IsoDate; to: IsoDate } {
  const today = todayIn(deps);
  const to = query.to ?? today;
  const from = query.from ?? startOfYear(query.to ?? today);
  if (to < from) throw new AppError('VALIDATION', { message: MESSAGES.endBeforeStart, field: 'to' });
  return { from, to };
}

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

export type AccountRow = {
  id: string;
  book: Book;
  code: string;
  name: string;
  kind: AccountKind;
  subledger: Subledger | null;
  is_system: boolean;
  retired: boolean;
  has_postings: boolean;
};

/** An account's columns as LedgerAccountView needs them; `a` is ledger_accounts. Postings are told by a day balance, never by counting lines. */
export const ACCOUNT_COLUMNS = sql`a.id, a.book, a.code, a.name, a.kind, a.subledger,
  a.system_key is not null as is_system, a.retired_at is not null as retired,
  exists (select 1 from ledger_day_balances d where d.account_id = a.id) as has_postings`;

/** Codes compare as text byte by byte, so '1000' < '1010' < '6001' on every server whatever its locale. */
export const BY_CODE = sql`a.code collate "C"`;

export function toAccountView(row: AccountRow): LedgerAccountView {
  return {
    id: row.id,
    book: row.book,
    code: row.code,
    name: row.name,
    kind: row.kind,
    subledger: row.subledger,
    isSystem: row.is_system,
    retired: row.retired,
    hasPostings: row.has_postings,
  };
}

// ---------------------------------------------------------------------------------------------
// Balances, from the day balances (never by summing lines: docs/decisions/042-one-ledger.md)
// ---------------------------------------------------------------------------------------------

export type BalanceRow = { id: string; code: string; name: string; kind: AccountKind; signed: string | number };

/**
 * Each account of a book whose day balances over `days` (a condition on `d.day`) sum to anything
 * but zero, by code: the signed sum, debits positive. Summing the slots and days of
 * ledger_day_balances is what keeps a report fast at millions of lines.
 */
export function accountBalancesSql(book: Book, days: SQL, kinds?: readonly AccountKind[]): SQL {
  const kindFilter = kinds ? sql` and a.kind in (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)})` : sql``;
  return sql`select a.id, a.code, a.name, a.kind, sum(d.net_kobo) as signed
    from ledger_accounts a join ledger_day_balances d on d.account_id = a.id
    where a.book = ${book} and ${days}${kindFilter}
    group by a.id, a.code, a.name, a.kind
    having sum(d.net_kobo) <> 0
    order by ${BY_CODE}`;
}

export function signedOf(row: BalanceRow): number {
  return koboFromDb(row.signed);
}

export function toReportRow(row: BalanceRow): BookReportRow {
  return { accountId: row.id, code: row.code, name: row.name, kind: row.kind, balanceKobo: asKobo(naturalBalance(row.kind, signedOf(row))) };
}

export function sumOf(rows: readonly BookReportRow[]): number {
  return rows.reduce((total, row) => total + row.balanceKobo, 0);
}

/** A signed amount (debits positive) as its two columns. */
export function debitCredit(signedKobo: number): { debitKobo: Kobo; creditKobo: Kobo } {
  return { debitKobo: asKobo(signedKobo > 0 ? signedKobo : 0), creditKobo: asKobo(signedKobo < 0 ? -signedKobo : 0) };
}

// ---------------------------------------------------------------------------------------------
// Entries: what made them, and the name a control account's line stands for
// ---------------------------------------------------------------------------------------------

/** A column of the savings account on an entry's first member line (a transfer names its first leg); `e` is journal_entries. */
function firstMemberLine(column: SQL): SQL {
  return sql`(select ${column} from journal_lines m join savings_accounts s on s.id = m.subledger_id
    where m.entry_id = e.id and m.subledger_id is not null order by m.line_no limit 1)`;
}

/**
 * What an entry links to (`e` is journal_entries): the loan of a loan transaction or write-off,
 * the expense while it exists, the member's savings account of a savings entry. Columns in the
 * select list, not a join, so PostgreSQL works them out only for the rows a page keeps.
 */
export const LINK_ID_SQL = sql`case e.source_type
    when 'loan' then (select t.loan_id::text from loan_transactions t where t.id = e.source_id)
    when 'write_off' then e.source_id::text
    when 'savings_batch' then e.source_id::text
    when 'expense' then (select x.id::text from expenses x where x.id = e.source_id)
    when 'savings' then ${firstMemberLine(sql`m.subledger_id::text`)}
  end`;

/** A savings entry's holder as the savings page's address names them: their staff ID, else their user id. */
export const LINK_REF_SQL = sql`case when e.source_type = 'savings' then ${firstMemberLine(sql`coalesce(s.staff_id, s.user_id)`)} end`;

/** The member (savings account) or "<holder> · <product>" (loan) a control account's line names; `l` is journal_lines, `a` its account. */
export const SUBLEDGER_NAME_JOINS = sql`left join savings_accounts sa on a.subledger = 'member_savings' and sa.id = l.subledger_id
  left join loans ln on a.subledger = 'loans' and ln.id = l.subledger_id
  left join savings_accounts lh on lh.id = ln.account_id`;
export const SUBLEDGER_NAME_SQL = sql`coalesce(sa.holder_name, lh.holder_name || ' · ' || ln.product_name)`;

export function toLink(source: JournalSource, linkId: string | null, linkRef: string | null): JournalSourceLink {
  if (!linkId) return null;
  switch (source) {
    case 'savings':
      return { kind: 'savings_account', id: linkId, ref: linkRef };
    case 'loan':
    case 'write_off':
      return { kind: 'loan', id: linkId };
    case 'savings_batch':
      return { kind: 'savings_batch', id: linkId };
    case 'expense':
      return { kind: 'expense', id: linkId };
    default:
      return null;
  }
}

export function isoInstant(value: string | Date): string {
  return new Date(value).toISOString();
}

// ---------------------------------------------------------------------------------------------
// Cursors: opaque to the client, checked on the way back in
// ---------------------------------------------------------------------------------------------

export type BookCursor = { day: IsoDate; seq: number; line: number };

export function encodeCursor(cursor: BookCursor): string {
  return Buffer.from(JSON.stringify([cursor.day, cursor.seq, cursor.line])).toString('base64url');
}

/** A cursor Kobo wrote, with its day inside the report's period; anything else is refused beside `cursor`. */
export function decodeCursor(text: string | undefined, period: { from: IsoDate; to: IsoDate }): BookCursor | null {
  if (text === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 3 &&
    typeof parsed[0] === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(parsed[0]) &&
    parsed[0] >= period.from &&
    parsed[0] <= period.to &&
    Number.isSafeInteger(parsed[1]) &&
    (parsed[1] as number) > 0 &&
    Number.isSafeInteger(parsed[2]) &&
    (parsed[2] as number) >= 0
  ) {
    return { day: parsed[0], seq: parsed[1] as number, line: parsed[2] as number };
  }
  throw new AppError('VALIDATION', { message: BOOK_REPORT_MESSAGES.cursorInvalid, field: 'cursor' });
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
