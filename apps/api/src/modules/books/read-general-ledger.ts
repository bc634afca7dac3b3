import { sql } from 'drizzle-orm';
import { AppError, BOOK_REPORT_MESSAGES, MAX_BOOK_EXPORT_LINES, naturalBalance, type GeneralLedgerQuery, type GeneralLedgerView, type IsoDate, type JournalSource } from '@kobo/core';
import { queryRows, type Transaction } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { readSnapshot } from '../../db/read-snapshot.ts';
import {
  ACCOUNT_COLUMNS,
  debitCredit,
  decodeCursor,
  encodeCursor,
  isUuid,
  LINK_ID_SQL,
  LINK_REF_SQL,
  resolvePeriod,
  SUBLEDGER_NAME_JOINS,
  SUBLEDGER_NAME_SQL,
  toAccountView,
  toLink,
  type AccountRow,
  type BookCursor,
  type BookDeps,
} from './book-views.ts';

/** Lines per page of an account's ledger. */
export const LEDGER_PAGE_SIZE = 200;

type LedgerLineRow = {
  entry_id: string;
  seq: string | number;
  line_no: number;
  value_date: IsoDate;
  narration: string;
  source_type: JournalSource;
  link_id: string | null;
  link_ref: string | null;
  subledger_name: string | null;
  amount_kobo: string | number;
};

/**
 * One account's lines from `from` to `to` (default 1 January of this year to today), ordered by
 * value date then entry, with the balance after each line read as the account's kind reads it.
 * The opening and closing balances and where a later page starts come from the day balances (and,
 * for a page that starts inside a day, that day's earlier lines); the lines themselves are read by
 * the (account, value date) index. A page holds `pageSize` lines; `nextCursor` fetches the next.
 */
export async function readGeneralLedger(deps: BookDeps, accountId: string, query: GeneralLedgerQuery, pageSize = LEDGER_PAGE_SIZE): Promise<GeneralLedgerView> {
  if (!isUuid(accountId)) throw new AppError('LEDGER_ACCOUNT_NOT_FOUND');
  const period = resolvePeriod(deps, query);
  const cursor = decodeCursor(query.cursor, period);
  return readSnapshot(deps.db, async (tx) => {
    const [account] = await queryRows<AccountRow>(tx, sql`select ${ACCOUNT_COLUMNS} from ledger_accounts a where a.id = ${accountId}`);
    if (!account) throw new AppError('LEDGER_ACCOUNT_NOT_FOUND');
    const read = (signed: number) => naturalBalance(account.kind, signed);
    const [totals] = await queryRows<{ opening: string | number | null; closing: string | number | null }>(
      tx,
      sql`select sum(net_kobo) filter (where day < ${period.from}) as opening, sum(net_kobo) filter (where day <= ${period.to}) as closing
          from ledger_day_balances where account_id = ${accountId} and day <= ${period.to}`,
    );
    const openingSigned = koboFromDb(totals?.opening);
    const startSigned = cursor ? await balanceBefore(tx, accountId, cursor) : openingSigned;
    const rows = await readLines(tx, accountId, period, cursor, pageSize + 1);
    const page = rows.slice(0, pageSize);
    let running = startSigned;
    const lines = page.map((row) => {
      const amount = koboFromDb(row.amount_kobo);
      running += amount;
      return {
        entryId: row.entry_id,
        seq: Number(row.seq),
        valueDate: row.value_date,
        narration: row.narration,
        link: toLink(row.source_type, row.link_id, row.link_ref),
        subledgerName: row.subledger_name,
        ...debitCredit(amount),
        balanceKobo: read(running),
      };
    });
    const last = page.at(-1);
    return {
      account: toAccountView(account),
      from: period.from,
      to: period.to,
      openingKobo: read(openingSigned),
      lines,
      closingKobo: read(koboFromDb(totals?.closing)),
      nextCursor: rows.length > pageSize && last ? encodeCursor({ day: last.value_date, seq: Number(last.seq), line: last.line_no }) : null,
    };
  });
}

/** The signed balance after the cursor's line: the day balances before its day, and its day's lines up to it. */
async function balanceBefore(tx: Transaction, accountId: string, cursor: BookCursor): Promise<number> {
  const [row] = await queryRows<{ total: string | number | null }>(
    tx,
    sql`select coalesce((select sum(net_kobo) from ledger_day_balances where account_id = ${accountId} and day < ${cursor.day}), 0)
             + coalesce((select sum(l.amount_kobo) from journal_lines l join journal_entries e on e.id = l.entry_id
                         where l.account_id = ${accountId} and l.value_date = ${cursor.day}
                           and (e.seq, l.line_no) <= (${cursor.seq}::bigint, ${cursor.line}::int)), 0) as total`,
  );
  return koboFromDb(row?.total);
}

async function readLines(tx: Transaction, accountId: string, period: { from: IsoDate; to: IsoDate }, cursor: BookCursor | null, limit: number) {
  // The day bound lets the (account, value date) index start at the cursor's day; the row comparison then skips that day's lines already shown.
  const after = cursor
    ? sql`and l.value_date >= ${cursor.day} and (l.value_date, e.seq, l.line_no) > (${cursor.day}::date, ${cursor.seq}::bigint, ${cursor.line}::int)`
    : sql``;
  return queryRows<LedgerLineRow>(
    tx,
    sql`select l.entry_id, e.seq, l.line_no, l.value_date::text as value_date, e.narration, e.source_type,
               ${LINK_ID_SQL} as link_id, ${LINK_REF_SQL} as link_ref, ${SUBLEDGER_NAME_SQL} as subledger_name, l.amount_kobo
        from journal_lines l
        join journal_entries e on e.id = l.entry_id
        join ledger_accounts a on a.id = l.account_id
        ${SUBLEDGER_NAME_JOINS}
        where l.account_id = ${accountId} and l.value_date >= ${period.from} and l.value_date <= ${period.to} ${after}
        order by l.value_date, e.seq, l.line_no
        limit ${limit}`,
  );
}

/** The whole period's lines for a download, in one snapshot; more than MAX_BOOK_EXPORT_LINES is refused with a sentence. */
export async function readGeneralLedgerForExport(deps: BookDeps, accountId: string, query: Pick<GeneralLedgerQuery, 'from' | 'to'>): Promise<GeneralLedgerView> {
  const view = await readGeneralLedger(deps, accountId, { ...query, cursor: undefined }, MAX_BOOK_EXPORT_LINES);
  if (view.nextCursor) throw new AppError('EXPORT_TOO_LARGE', { message: BOOK_REPORT_MESSAGES.exportTooLarge });
  return view;
}
