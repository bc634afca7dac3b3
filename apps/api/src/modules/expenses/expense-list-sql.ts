import { sql, type SQL } from 'drizzle-orm';
import { AppError, MAX_AMOUNT_KOBO, isUuid, parseNaira, type ExpenseSort, type SortDirection } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { decodeCursor, encodeCursor, newestFirstBound, type ExpenseViewRow } from './expense-view.ts';

/**
 * Search, order and keyset paging of the expense list (docs/decisions/032-find-and-scan.md), shared
 * by the list and the screen's export so both return exactly the same rows in the same order.
 */

/**
 * `q` as one condition on `expenses e`: a substring of the description or the creator's email (the
 * trigram indexes serve `ilike`), an item or a person whose name (or email) contains it, or, when
 * `q` reads as an amount ("2500", "2,500", "₦2,500.50"), exactly that amount. Title is not
 * searched: it has no index, and one unindexed branch would turn every search into a scan.
 *
 * Matching items and people are looked up first in their small tables and written into the
 * condition as literal ids: the planner then knows how few there are (none drops the branch) and
 * keeps the whole OR a bitmap of index scans. Written as subqueries, it guessed half the table
 * matched and scanned all of it (0.5 s at 20,000 rows on PGlite).
 */
export async function searchCondition(db: Database, q: string): Promise<SQL | null> {
  if (!q) return null;
  const pattern = `%${escapeLike(q)}%`;
  const [items, people] = await Promise.all([
    queryRows<{ id: string }>(db, sql`select id from categories where name ilike ${pattern}`),
    queryRows<{ id: string }>(db, sql`select id from users where name ilike ${pattern} or email ilike ${pattern}`),
  ]);
  const branches = [sql`e.description ilike ${pattern}`, sql`e.user_email ilike ${pattern}`];
  if (items.length > 0) branches.push(sql`e.category_id in (${sql.join(items.map((item) => sql`${item.id}::uuid`), sql`, `)})`);
  if (people.length > 0) branches.push(sql`e.user_id in (${sql.join(people.map((person) => sql`${person.id}`), sql`, `)})`);
  const amountKobo = parseNaira(q);
  if (amountKobo !== null && amountKobo <= MAX_AMOUNT_KOBO) branches.push(sql`e.amount_kobo = ${amountKobo}`);
  return sql`(${sql.join(branches, sql` or `)})`;
}

/** LIKE's wildcards typed by a person are literal characters (backslash is LIKE's default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** One column of a sort key: how to order it, and how its cursor value is checked and cast. */
type KeyPart = {
  column: SQL;
  cast: SQL;
  pattern: RegExp;
  /** The row's value as text, at full precision. */
  valueOf: (row: ExpenseViewRow) => string;
  /** Index-friendly NULLS placement per direction (the columns are NOT NULL; this only lets the index serve the order). */
  nulls: Record<SortDirection, SQL>;
};

const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
const CREATED_AT: KeyPart = {
  column: sql`e.created_at`,
  cast: sql`timestamptz`,
  pattern: TIMESTAMP_KEY,
  valueOf: (row) => row.created_at_key,
  // expenses_created_at_idx is `created_at desc nulls last`; read backwards it is `asc nulls first`.
  nulls: { desc: sql`nulls last`, asc: sql`nulls first` },
};
const SPENT_ON: KeyPart = {
  column: sql`e.spent_on`,
  cast: sql`date`,
  pattern: /^\d{4}-\d{2}-\d{2}$/,
  valueOf: (row) => row.spent_on,
  nulls: { desc: sql`nulls first`, asc: sql`nulls last` },
};
const AMOUNT: KeyPart = {
  column: sql`e.amount_kobo`,
  cast: sql`bigint`,
  pattern: /^\d{1,15}$/,
  valueOf: (row) => row.amount_kobo,
  nulls: { desc: sql`nulls first`, asc: sql`nulls last` },
};
const ID: KeyPart = {
  column: sql`e.id`,
  cast: sql`uuid`,
  pattern: /^[0-9a-f-]{36}$/i,
  valueOf: (row) => row.id,
  nulls: { desc: sql`nulls first`, asc: sql`nulls last` },
};

/** Ties on the day or the amount fall back to newest entered first, then the id: every order is total. */
const SORT_KEYS: Record<ExpenseSort, KeyPart[]> = {
  entered: [CREATED_AT, ID],
  date: [SPENT_ON, CREATED_AT, ID],
  amount: [AMOUNT, CREATED_AT, ID],
};

export type ListOrder = { sort: ExpenseSort; dir: SortDirection };

export function orderBy({ sort, dir }: ListOrder): SQL {
  const direction = dir === 'asc' ? sql`asc` : sql`desc`;
  return sql.join(
    SORT_KEYS[sort].map((part) => sql`${part.column} ${direction} ${part.nulls[dir]}`),
    sql`, `,
  );
}

/** The cursor after `row`: the sort's name and its key values, so a cursor from another order is refused. */
export function cursorAfter(row: ExpenseViewRow, { sort, dir }: ListOrder): string {
  return encodeCursor([`${sort}.${dir}`, ...SORT_KEYS[sort].map((part) => part.valueOf(row))]);
}

/**
 * Rows after the cursor in the chosen order. The first column alone bounds the range (so its index
 * serves it); the row comparison then decides ties exactly.
 */
export function keysetAfter(cursor: string, { sort, dir }: ListOrder): SQL {
  const parts = SORT_KEYS[sort];
  const [tag, ...values] = decodeCursor(cursor, parts.length + 1);
  const valid = tag === `${sort}.${dir}` && parts.every((part, index) => part.pattern.test(values[index] ?? ''));
  if (!valid || !isUuid(values.at(-1) ?? '')) throw new AppError('VALIDATION', { field: 'cursor' });
  const casted = parts.map((part, index) => sql`${values[index]}::${part.cast}`);
  const columns = sql.join(
    parts.map((part) => part.column),
    sql`, `,
  );
  const [first] = parts;
  if (!first) throw new Error('empty sort key');
  const before = dir === 'desc';
  return sql`${first.column} ${before ? sql`<=` : sql`>=`} ${casted[0]} and (${columns}) ${before ? sql`<` : sql`>`} (${sql.join(casted, sql`, `)})`;
}

/**
 * One page in the chosen order. Newest entered first (the default) takes a created_at bound from
 * its index first, as it always did (docs/decisions/008-expenses-api.md); the other orders are
 * served by the spent_on index (date) or sort the filtered set (amount has no index).
 */
export function listPageQuery(
  columns: SQL,
  from: SQL,
  where: SQL,
  order: ListOrder,
  limit: number,
  cursor?: string,
  options: { isScreenPage: boolean; isSearch?: boolean } = { isScreenPage: true },
): SQL {
  const filtered = cursor ? sql`${where} and ${keysetAfter(cursor, order)}` : where;
  if (!options.isScreenPage && options.isSearch) {
    // An export's 5,000-row batch of a search: the planner walked the created_at index testing
    // every row against the search (4 s for 10,000 rows at 1,000,000). Finding the matches first
    // (through the trigram indexes) and sorting only them is what the screen's bound does for 50.
    return sql`with matches as materialized (select e.id from expenses e where ${filtered})
      select ${columns} from ${from}
      where e.id in (select id from matches)
      order by ${orderBy(order)}
      limit ${limit}`;
  }
  // The bound pays for a screen's 50 rows; export batches go without it, as the Settings export does.
  const isNewestFirst = order.sort === 'entered' && order.dir === 'desc';
  const bound = isNewestFirst && options.isScreenPage ? sql` and ${newestFirstBound(filtered, limit)}` : sql``;
  return sql`select ${columns} from ${from}
    where ${filtered}${bound}
    order by ${orderBy(order)}
    limit ${limit}`;
}
