import { sql } from 'drizzle-orm';
import { AppError, isBudgetCategoryId } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { notifyChange } from '../events/change-feed.ts';
import type { BudgetDeps } from './budget-deps.ts';

/** Removes an item's budget, with an audit entry of what it was; an item without one is 404 (nothing to remove). */
export async function removeBudget(deps: BudgetDeps, actor: Actor, categoryId: string): Promise<void> {
  if (!isBudgetCategoryId(categoryId)) throw new AppError('NOT_FOUND');
  const removed = await deps.db.transaction(async (tx) => {
    const [budget] = await queryRows<{ id: string; name: string; period: string; amount_kobo: string }>(
      tx,
      sql`delete from category_budgets b using categories c
          where b.category_id = ${categoryId.toLowerCase()} and c.id = b.category_id
          returning c.id, c.name, b.period, b.amount_kobo::text`,
    );
    if (!budget) return false;
    await recordAudit(tx, {
      kind: 'budget.removed',
      actor,
      target: { type: 'category', id: budget.id, label: budget.name },
      before: { period: budget.period, amountKobo: Number(budget.amount_kobo) },
      after: null,
      at: deps.now(),
    });
    await notifyChange(tx, 'categories');
    return true;
  });
  if (!removed) throw new AppError('NOT_FOUND');
}
