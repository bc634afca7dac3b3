import { sql } from 'drizzle-orm';
import { AppError, isBudgetCategoryId, type BudgetValues } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { notifyChange } from '../events/change-feed.ts';
import type { BudgetDeps } from './budget-deps.ts';

/**
 * Sets (or replaces) an item's one budget, with an audit entry holding the budget before and after
 * (an unchanged save records nothing). An item that does not exist is 404: the category row is
 * locked first, so one deleted meanwhile writes nothing.
 */
export async function setBudget(deps: BudgetDeps, actor: Actor, categoryId: string, input: BudgetValues): Promise<void> {
  if (!isBudgetCategoryId(categoryId)) throw new AppError('NOT_FOUND');
  const at = deps.now().toISOString();
  const id = categoryId.toLowerCase();
  const written = await deps.db.transaction(async (tx) => {
    const [category] = await queryRows<{ name: string }>(tx, sql`select name from categories where id = ${id} for update`);
    if (!category) return false;
    const [before] = await queryRows<{ period: string; amount_kobo: string }>(
      tx,
      sql`select period, amount_kobo::text from category_budgets where category_id = ${id}`,
    );
    const after = { period: input.period, amountKobo: input.amountKobo };
    if (before && before.period === after.period && Number(before.amount_kobo) === after.amountKobo) return true;
    await queryRows(
      tx,
      sql`insert into category_budgets (category_id, period, amount_kobo, updated_by, created_at, updated_at)
          values (${id}, ${input.period}, ${input.amountKobo}, ${actor.id}, ${at}::timestamptz, ${at}::timestamptz)
          on conflict (category_id) do update set period = excluded.period, amount_kobo = excluded.amount_kobo,
            updated_by = excluded.updated_by, updated_at = excluded.updated_at
          returning category_id`,
    );
    await recordAudit(tx, {
      kind: 'budget.set',
      actor,
      target: { type: 'category', id, label: category.name },
      before: before ? { period: before.period, amountKobo: Number(before.amount_kobo) } : null,
      after,
      at: deps.now(),
    });
    // Budgets ride on the categories' change feed: the screens that show them refetch on it.
    await notifyChange(tx, 'categories');
    return true;
  });
  if (!written) throw new AppError('NOT_FOUND');
}
