import { sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  MESSAGES,
  can,
  expenseTimeRange,
  isUuid,
  type ExpenseListQuery,
  type ExpensePage,
  type ExpenseValues,
  type ExpenseView,
} from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { postgresErrorOf } from '../../db/errors.ts';
import { expenses } from '../../db/schema.ts';
import type { Actor } from '../../plugins/authentication.ts';
import { notifyChange } from '../events/change-feed.ts';
import { auditExpense } from '../audit/audit-acts.ts';
import { expenseSnapshot } from '../audit/expense-snapshot.ts';
import { expenseConditions, expenseScopeOf } from './expense-scope.ts';
import {
  EXPENSE_VIEW_COLUMNS,
  EXPENSE_VIEW_FROM,
  decodeCursor,
  encodeCursor,
  koboFromText,
  newestFirstBound,
  toExpenseView,
  type ExpenseViewRow,
} from './expense-view.ts';

export type ExpenseDeps = { db: Database; now: () => Date; timeZone: string };

const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

export async function createExpense(deps: ExpenseDeps, actor: Actor, input: ExpenseValues): Promise<ExpenseView> {
  expenseScopeOf(actor);
  const at = deps.now();
  const id = await withCategoryCheck(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(expenses)
        .values({ ...input, userId: actor.id, userEmail: actor.email, createdAt: at, updatedAt: at })
        .returning({ id: expenses.id });
      await notifyChange(tx, 'expenses');
      return row?.id;
    }),
  );
  if (!id) throw new Error('insert returned no expense');
  return getExpense(deps, actor, id);
}

/** DECISIONS 2: users edit their own; admins and managers any they see. Unseen rows are not found. */
export async function updateExpense(deps: ExpenseDeps, actor: Actor, id: string, input: ExpenseValues): Promise<ExpenseView> {
  const scope = expenseScopeOf(actor);
  assertExpenseId(id);
  const updated = await withCategoryCheck(() =>
    deps.db.transaction(async (tx) => {
      const before = await expenseSnapshot(tx, id, { lock: true });
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`update expenses e set
              category_id = ${input.categoryId}, amount_kobo = ${input.amountKobo}, spent_on = ${input.spentOn}::date,
              description = ${input.description}, title = ${input.title}, payment_method = ${input.paymentMethod},
              updated_at = ${deps.now().toISOString()}::timestamptz
            where e.id = ${id} and ${expenseConditions(scope)}
            returning e.id`,
      );
      if (rows.length > 0) await notifyChange(tx, 'expenses');
      if (rows.length > 0 && before) await auditExpense(tx, actor, 'expense.updated', before, await expenseSnapshot(tx, id), deps.now());
      return rows.length > 0;
    }),
  );
  if (!updated) throw new AppError('NOT_FOUND');
  return getExpense(deps, actor, id);
}

/** SPEC 6 and DECISIONS 2: admins only, whatever the permission table says about managers. */
export async function deleteExpense(deps: ExpenseDeps, actor: Actor, id: string): Promise<void> {
  if (!can(actor.role, 'delete_expense')) throw new AppError('EXPENSE_DELETE_FORBIDDEN');
  assertExpenseId(id);
  const deleted = await deps.db.transaction(async (tx) => {
    const before = await expenseSnapshot(tx, id, { lock: true });
    const rows = await queryRows<{ id: string }>(tx, sql`delete from expenses where id = ${id} returning id`);
    if (rows.length > 0) await notifyChange(tx, 'expenses');
    if (rows.length > 0 && before) await auditExpense(tx, actor, 'expense.deleted', before, null, deps.now());
    return rows.length > 0;
  });
  if (!deleted) throw new AppError('NOT_FOUND');
}

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
    totalKobo: koboFromText(totals[0]?.total ?? '0'),
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

function assertExpenseId(id: string): void {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
}

/** A category that does not exist (or was deleted meanwhile) is a 400 on the Item field, not a 500. */
async function withCategoryCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const pgError = postgresErrorOf(error);
    if (pgError?.code === '23503') throw new AppError('CATEGORY_NOT_FOUND', { field: 'categoryId', message: MESSAGES.categoryNotFound });
    throw error;
  }
}
