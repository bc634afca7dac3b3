import { AppError, MESSAGES, type BudgetWarning, type ExpenseValues, type ExpenseView } from '@kobo/core';
import { postgresErrorOf } from '../../db/errors.ts';
import { expenses } from '../../db/schema.ts';
import type { Actor } from '../../auth/actor.ts';
import { notifyChange } from '../events/change-feed.ts';
import { expenseScopeOf } from '../expense-scope/expense-scope.ts';
import type { ExpenseDeps } from './expense-deps.ts';
import { getExpense } from './read-expenses.ts';
import { budgetWarningAfter } from '../budgets/budget-warning.ts';
import { attachReceipts, withoutReceipts } from '../receipts/claim-receipts.ts';

/** A saved expense, and the budget warning it set off (issue 14), if any. */
export type SavedExpense = { expense: ExpenseView; budget: BudgetWarning | null };

export async function createExpense(deps: ExpenseDeps, actor: Actor, input: ExpenseValues): Promise<SavedExpense> {
  expenseScopeOf(actor);
  const at = deps.now();
  const { id, budget } = await withCategoryCheck(() =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(expenses)
        .values({ ...withoutReceipts(input), userId: actor.id, userEmail: actor.email, createdAt: at, updatedAt: at })
        .returning({ id: expenses.id });
      if (row) await attachReceipts(tx, actor, row.id, input);
      await notifyChange(tx, 'expenses');
      return { id: row?.id, budget: await budgetWarningAfter(tx, input, null) };
    }),
  );
  if (!id) throw new Error('insert returned no expense');
  return { expense: await getExpense(deps, actor, id), budget };
}

/** A category that does not exist (or was deleted meanwhile) is a 400 on the Item field, not a 500. */
export async function withCategoryCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const pgError = postgresErrorOf(error);
    if (pgError?.code === '23503') throw new AppError('CATEGORY_NOT_FOUND', { field: 'categoryId', message: MESSAGES.categoryNotFound });
    throw error;
  }
}
