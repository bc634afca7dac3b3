import { sql } from 'drizzle-orm';
import { AppError, type ExpenseValues } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { notifyChange } from '../events/change-feed.ts';
import { auditExpense } from '../audit/audit-acts.ts';
import { expenseSnapshot } from '../audit/expense-snapshot.ts';
import { expenseConditions, expenseScopeOf } from '../expense-scope/expense-scope.ts';
import type { ExpenseDeps } from './expense-deps.ts';
import { withCategoryCheck, type SavedExpense } from './create-expense.ts';
import { budgetWarningAfter } from '../budgets/budget-warning.ts';
import { assertExpenseId, getExpense } from './read-expenses.ts';
import { attachReceipts } from '../receipts/claim-receipts.ts';

/** DECISIONS 2: users edit their own; admins and managers any they see. Unseen rows are not found. */
export async function updateExpense(deps: ExpenseDeps, actor: Actor, id: string, input: ExpenseValues): Promise<SavedExpense> {
  const scope = expenseScopeOf(actor);
  assertExpenseId(id);
  const { updated, budget } = await withCategoryCheck(() =>
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
      if (rows.length > 0) await attachReceipts(tx, actor, id, input);
      if (rows.length > 0) await notifyChange(tx, 'expenses');
      if (rows.length > 0 && before) await auditExpense(tx, actor, 'expense.updated', before, await expenseSnapshot(tx, id), deps.now());
      if (rows.length === 0) return { updated: false, budget: null };
      return { updated: true, budget: await budgetWarningAfter(tx, input, before) };
    }),
  );
  if (!updated) throw new AppError('NOT_FOUND');
  return { expense: await getExpense(deps, actor, id), budget };
}
