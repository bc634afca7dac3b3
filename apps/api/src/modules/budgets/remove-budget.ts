import { sql } from 'drizzle-orm';
import { AppError, isBudgetCategoryId } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { notifyChange } from '../events/change-feed.ts';
import type { BudgetDeps } from './budget-deps.ts';

/** Removes an item's budget; an item without one is 404 (nothing to remove). */
export async function removeBudget(deps: BudgetDeps, categoryId: string): Promise<void> {
  if (!isBudgetCategoryId(categoryId)) throw new AppError('NOT_FOUND');
  const removed = await deps.db.transaction(async (tx) => {
    const rows = await queryRows<{ category_id: string }>(
      tx,
      sql`delete from category_budgets where category_id = ${categoryId.toLowerCase()} returning category_id`,
    );
    if (rows.length > 0) await notifyChange(tx, 'categories');
    return rows.length > 0;
  });
  if (!removed) throw new AppError('NOT_FOUND');
}
