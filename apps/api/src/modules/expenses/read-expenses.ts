import { sql, type SQL } from 'drizzle-orm';
import { AppError, expenseTimeRange, isUuid, type ExpenseListQuery, type ExpensePage, type ExpenseView } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { expenseConditions, expenseScopeOf } from '../expense-scope/expense-scope.ts';
import { koboFromDb } from '../../db/kobo.ts';
import {
  EXPENSE_VIEW_COLUMNS,
  EXPENSE_VIEW_FROM,
  decodeCursor,
  encodeCursor,
  newestFirstBound,
  toExpenseView,
  type ExpenseViewRow,
} from './expense-view.ts';
import type { ExpenseDeps } from './expense-deps.ts';

const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

export async function getExpense(deps: ExpenseDeps, actor: Actor, id: string): Promise<ExpenseView> {
  const scope = expenseScopeOf(actor);
  assertExpenseId(id);
  const [row] = await queryRows<ExpenseViewRow>(
    deps.db,
    sql`select ${EXPENSE_VIEW_COLUMNS} from ${EXPENSE_VIEW_FROM} where e.id = ${id} and ${expenseConditions(scope)}`,
  );
  if (!row) throw new AppError('NOT_FOUND');
  return toExpenseView(row);
}

/**
 * One page of the expense list, newest first (SPEC 7: ordered by createdAt descending), with the
 * sum and count of the whole filtered set. Keyset paging on (created_at, id): a page costs the
 * same at the end of a year of data as at its start.
 */
export async function listExpenses(deps: ExpenseDeps, actor: Actor, query: ExpenseListQuery): Promise<ExpensePage> {
  const scope = expenseScopeOf(actor);
  const range = expenseTimeRange(query.time, deps.now(), deps.timeZone);
  const where = expenseConditions(scope, { categoryId: query.category, range });
  const [page, totals] = await Promise.all([
    queryRows<ExpenseViewRow>(deps.db, expensePageQuery(where, query.limit + 1, query.cursor)),
    queryRows<{ total: string; count: number }>(deps.db, expenseTotalsQuery(where)),
  ]);
  const hasMore = page.length > query.limit;
  const items = page.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(toExpenseView),
    totalKobo: koboFromDb(totals[0]?.total ?? '0'),
    count: Number(totals[0]?.count ?? 0),
    nextCursor: hasMore && last ? encodeCursor([last.created_at_key, last.id]) : null,
  };
}

export function expensePageQuery(where: SQL, limit: number, cursor?: string) {
  const filtered = cursor ? sql`${where} and ${keysetAfter(cursor)}` : where;
  return sql`select ${EXPENSE_VIEW_COLUMNS} from ${EXPENSE_VIEW_FROM}
    where ${filtered} and ${newestFirstBound(filtered, limit)}
    order by e.created_at desc nulls last, e.id desc
    limit ${limit}`;
}

export function expenseTotalsQuery(where: SQL) {
  return sql`select coalesce(sum(e.amount_kobo), 0)::text as total, count(*)::int as count from expenses e where ${where}`;
}

function keysetAfter(cursor: string) {
  const [createdAt = '', id = ''] = decodeCursor(cursor, 2);
  if (!TIMESTAMP_KEY.test(createdAt) || !isUuid(id)) throw new AppError('VALIDATION', { field: 'cursor' });
  // Written so the created_at index serves the range; the id only breaks ties.
  return sql`e.created_at <= ${createdAt}::timestamptz and (e.created_at < ${createdAt}::timestamptz or e.id < ${id}::uuid)`;
}

/** An id that is not a UUID names no expense: not found, like one the caller cannot see. */
export function assertExpenseId(id: string): void {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
}

