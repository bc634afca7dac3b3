import { eq, inArray, sql } from 'drizzle-orm';
import { AppError, isUuid, periodLockedMessage, type Book, type EntryLine, type EntryLineView, type IsoDate, type PostedEntryView } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { journalEntries, journalLines, ledgerAccounts, ledgerPeriodLocks } from '../../db/schema.ts';

type Db = Database | Transaction;
type AccountRow = { id: string; code: string; name: string; book: Book; subledger: string | null; retiredAt: Date | null };

/**
 * The accounts an officer's lines name (a manual entry, opening balances): each live and in the
 * entry's book, and no control account. Members' savings and loans to members move only through
 * their own screens, where each line names its member or loan and the sub-ledger follows.
 */
export async function usableAccounts(db: Db, book: Book, lines: EntryLine[]): Promise<Map<string, AccountRow>> {
  const ids = [...new Set(lines.map((line) => line.accountId))];
  if (!ids.every(isUuid)) throw new AppError('LEDGER_ACCOUNT_UNUSABLE', { field: 'lines' });
  const rows = await db
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code, name: ledgerAccounts.name, book: ledgerAccounts.book, subledger: ledgerAccounts.subledger, retiredAt: ledgerAccounts.retiredAt })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids));
  const accounts = new Map(rows.map((row) => [row.id, row]));
  for (const id of ids) {
    const account = accounts.get(id);
    if (!account || account.book !== book || account.retiredAt) throw new AppError('LEDGER_ACCOUNT_UNUSABLE', { field: 'lines' });
    if (account.subledger) throw new AppError('CONTROL_ACCOUNT_REFUSED', { field: 'lines' });
  }
  return accounts;
}

/** A day in a locked month of its book is refused beside the date, before anything is written. */
export async function assertMonthOpen(db: Db, book: Book, day: IsoDate): Promise<void> {
  const month = day.slice(0, 7);
  const [locked] = await db.select({ month: ledgerPeriodLocks.month }).from(ledgerPeriodLocks).where(sql`${ledgerPeriodLocks.book} = ${book} and ${ledgerPeriodLocks.month} = ${month}`);
  if (locked) throw new AppError('PERIOD_LOCKED', { message: periodLockedMessage(book, month), field: 'valueDate' });
}

export type NewEntry = {
  book: Book;
  valueDate: IsoDate;
  sourceType: 'manual' | 'opening' | 'payroll' | 'year_end' | 'year_close' | 'exit' | 'loan_recovery' | 'provision' | 'penalty';
  /** The row the entry comes from (a payroll remittance or over-deduction); none for a manual entry. */
  sourceId?: string | null;
  narration: string;
  createdById: string;
  /** `subledgerId` names the member's account or the loan on a control account's line (an exit's settlement). */
  lines: (EntryLine & { subledgerId?: string | null })[];
  /** The entry this one undoes (a year-end run reversed). */
  reversesEntryId?: string | null;
};

/**
 * Writes one entry and its lines. The lines go in ONE statement: the journal_lines trigger checks
 * that each entry balances per statement (migration 0015), and a locked month is refused by the
 * journal_entries trigger (KB423, answered 409 by plugins/errors.ts).
 */
export async function insertEntry(tx: Transaction, entry: NewEntry): Promise<string> {
  const [row] = await tx
    .insert(journalEntries)
    .values({ book: entry.book, valueDate: entry.valueDate, sourceType: entry.sourceType, sourceId: entry.sourceId ?? null, reversesEntryId: entry.reversesEntryId ?? null, narration: entry.narration, createdById: entry.createdById })
    .returning({ id: journalEntries.id });
  if (!row) throw new Error('journal entry not written');
  await tx.insert(journalLines).values(
    entry.lines.map((line, index) => ({ entryId: row.id, lineNo: index + 1, accountId: line.accountId, subledgerId: line.subledgerId ?? null, amountKobo: line.amountKobo, valueDate: entry.valueDate })),
  );
  return row.id;
}

/**
 * The accounts mapping keys name ('savings.payroll', 'payroll.overdeductions', 'yearend.*'), so an
 * entry posts where the scheme mapped it (Settings › Books), as the posting rules do. A key with no
 * account is the books' misconfiguration, not the caller's: it throws.
 */
export async function mappedAccounts(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await queryRows<{ key: string; account_id: string }>(
    db,
    sql`select key, account_id::text from ledger_mappings where key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
  );
  const accounts = new Map(rows.map((row) => [row.key, row.account_id]));
  const missing = keys.find((key) => !accounts.has(key));
  if (missing) throw new Error(`the books have no account mapped for ${missing}`);
  return accounts;
}

/** Lines as a screen shows them: each account's code and name, a debit or a credit. */
export async function lineViews(db: Db, lines: EntryLine[]): Promise<EntryLineView[]> {
  const ids = [...new Set(lines.map((line) => line.accountId))];
  const rows = ids.length === 0 ? [] : await db.select({ id: ledgerAccounts.id, code: ledgerAccounts.code, name: ledgerAccounts.name }).from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return lines.map((line) => ({
    accountId: line.accountId,
    code: byId.get(line.accountId)?.code ?? '',
    name: byId.get(line.accountId)?.name ?? '',
    debitKobo: line.amountKobo > 0 ? line.amountKobo : 0,
    creditKobo: line.amountKobo < 0 ? -line.amountKobo : 0,
  }));
}

/** One posted entry with its lines, in line order. */
export async function readEntryView(db: Db, entryId: string): Promise<PostedEntryView | null> {
  const [entry] = await db.select().from(journalEntries).where(eq(journalEntries.id, entryId));
  if (!entry) return null;
  const lines = await queryRows<{ account_id: string; amount_kobo: string | number }>(
    db,
    sql`select account_id, amount_kobo from journal_lines where entry_id = ${entryId} order by line_no`,
  );
  return {
    id: entry.id,
    book: entry.book,
    valueDate: entry.valueDate,
    narration: entry.narration,
    lines: await lineViews(db, lines.map((line) => ({ accountId: line.account_id, amountKobo: Number(line.amount_kobo) }))),
  };
}
