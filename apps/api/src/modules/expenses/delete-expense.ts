import { sql } from 'drizzle-orm';
import { AppError } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { notifyChange } from '../events/change-feed.ts';
import { auditExpense } from '../audit/audit-acts.ts';
import { expenseSnapshot } from '../audit/expense-snapshot.ts';
import type { ExpenseDeps } from './expense-deps.ts';
import { assertExpenseId } from './read-expenses.ts';

/** Admins only (SPEC 6, DECISIONS 2): the gate admits the caller on delete_expense. */
export async function deleteExpense(deps: ExpenseDeps, actor: Actor, id: string): Promise<void> {
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
