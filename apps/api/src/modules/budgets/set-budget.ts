import { sql } from 'drizzle-orm';
import { AppError, isBudgetCategoryId, type BudgetValues } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { notifyChange } from '../events/change-feed.ts';
import type { BudgetDeps } from './budget-deps.ts';

/**
 * Sets (or replaces) an item's one budget. An item that does not exist is 404: the insert reads the
 * category in the same statement, so a category deleted meanwhile writes nothing.
 */
export async function setBudget(deps: BudgetDeps, actor: Actor, categoryId: string, input: BudgetValues): Promise<void> {
  if (!isBudgetCategoryId(categoryId)) throw new AppError('NOT_FOUND');
  const at = deps.now().toISOString();
  const written = await deps.db.transaction(async (tx) => {
    const rows = await queryRows<{ category_id: string }>(
      tx,
      sql`insert into category_budgets (category_id, period, amount_kobo, updated_by, created_at, updated_at)
          select c.id, ${input.period}, ${input.amountKobo}, ${actor.id}, ${at}::timestamptz, ${at}::timestamptz
          from categories c where c.id = ${categoryId.toLowerCase()}
          on conflict (category_id) do update set period = excluded.period, amount_kobo = excluded.amount_kobo,
            updated_by = excluded.updated_by, updated_at = excluded.updated_at
          returning category_id`,
    );
    // Budgets ride on the categories' change feed: the screens that show them refetch on it.
    if (rows.length > 0) await notifyChange(tx, 'categories');
    return rows.length > 0;
  });
  if (!written) throw new AppError('NOT_FOUND');
}
