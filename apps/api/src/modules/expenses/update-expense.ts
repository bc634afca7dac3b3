import { sql } from 'drizzle-orm';
import { AppError, type ExpenseValues, type ExpenseView } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { notifyChange } from '../events/change-feed.ts';
import { auditExpense } from '../audit/audit-acts.ts';
import { expenseSnapshot } from '../audit/expense-snapshot.ts';
import { expenseConditions, expenseScopeOf } from '../expense-scope/expense-scope.ts';
import type { ExpenseDeps } from './expense-deps.ts';
import { withCategoryCheck } from './create-expense.ts';
import { assertExpenseId, getExpense } from './read-expenses.ts';

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
