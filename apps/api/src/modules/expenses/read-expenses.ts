import { sql, type SQL } from 'drizzle-orm';
import { AppError, expenseTimeRange, isUuid, parseNaira, type ExpenseListQuery, type ExpensePage, type ExpenseView, type ExpenseViewQuery } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { expenseConditions, expenseScopeOf } from '../expense-scope/expense-scope.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { EXPENSE_VIEW_COLUMNS, EXPENSE_VIEW_FROM, toExpenseView, type ExpenseViewRow } from './expense-view.ts';
import { cursorAfter, listPageQuery, searchCondition, type ListOrder } from './expense-list-sql.ts';
import type { ExpenseDeps } from './expense-deps.ts';
import { listExpenseReceipts } from '../receipts/read-receipts.ts';

export async function getExpense(deps: ExpenseDeps, actor: Actor, id: string): Promise<ExpenseView> {
  const scope = expenseScopeOf(actor);
  assertExpenseId(id);
  const [row] = await queryRows<ExpenseViewRow>(
    deps.db,
    sql`select ${EXPENSE_VIEW_COLUMNS} from ${EXPENSE_VIEW_FROM} where e.id = ${id} and ${expenseConditions(scope)}`,
  );
  if (!row) throw new AppError('NOT_FOUND');
  // The single expense lists its receipts (metadata only); list items carry just the count.
  return { ...toExpenseView(row), receipts: await listExpenseReceipts(deps.db, id) };
}

/**
 * One page of the expense list in the chosen order (default newest entered first, SPEC 7), with
 * the sum and count of the whole filtered set. Keyset paging over the order's key and the id: a
 * page costs the same at the end of a year of data as at its start.
 */
export async function listExpenses(deps: ExpenseDeps, actor: Actor, query: ExpenseListQuery): Promise<ExpensePage> {
  const where = await expenseViewConditions(deps, actor, query);
  const [page, totals] = await Promise.all([
    queryRows<ExpenseViewRow>(deps.db, expensePageQuery(where, query.limit + 1, query.cursor, query)),
    onSearchIndexes(deps.db, query.q, (db) => queryRows<{ total: string; count: number }>(db, expenseTotalsQuery(where))),
  ]);
  const hasMore = page.length > query.limit;
  const items = page.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(toExpenseView),
    totalKobo: koboFromDb(totals[0]?.total ?? '0'),
    count: Number(totals[0]?.count ?? 0),
    nextCursor: hasMore && last ? cursorAfter(last, query) : null,
  };
}

/** The caller's scope, the screen's item and time filters and its search, as one WHERE on `expenses e`. */
export async function expenseViewConditions(deps: ExpenseDeps, actor: Actor, query: ExpenseViewQuery): Promise<SQL> {
  const scope = expenseScopeOf(actor);
  const range = expenseTimeRange(query.time, deps.now(), deps.timeZone);
  const where = expenseConditions(scope, { categoryId: query.category, range });
  const search = await searchCondition(deps.db, query.q);
  return search ? sql`${where} and ${search}` : where;
}

/**
 * A word search's total and count run with sequential scans discouraged, in their own read
 * transaction. The planner prices `ilike` as cheap as `=`, so below a few hundred thousand rows it
 * scanned the whole table (250 ms at 100,000 rows on PGlite) where the trigram indexes answer in
 * 17 ms. The page itself keeps the planner's choice (forcing it cost PostgreSQL 50 ms at 1,000,000
 * rows), as do an amount search (no index on amounts) and no search at all.
 */
export async function onSearchIndexes<T>(db: Database, q: string, work: (db: Database | Transaction) => Promise<T>): Promise<T> {
  if (!q || parseNaira(q) !== null) return work(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return work(tx);
  });
}

export function expensePageQuery(where: SQL, limit: number, cursor?: string, order: ListOrder = { sort: 'entered', dir: 'desc' }) {
  return listPageQuery(EXPENSE_VIEW_COLUMNS, EXPENSE_VIEW_FROM, where, order, limit, cursor);
}

export function expenseTotalsQuery(where: SQL) {
  return sql`select coalesce(sum(e.amount_kobo), 0)::text as total, count(*)::int as count from expenses e where ${where}`;
}

/** An id that is not a UUID names no expense: not found, like one the caller cannot see. */
export function assertExpenseId(id: string): void {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
}

