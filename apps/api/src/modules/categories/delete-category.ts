import { sql } from 'drizzle-orm';
import { AppError, isUuid } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { postgresErrorOf } from '../../db/errors.ts';
import type { Actor } from '../../auth/actor.ts';
import { notifyChange } from '../events/change-feed.ts';
import { auditCategory } from '../audit/audit-acts.ts';
import type { CategoryDeps } from './category-deps.ts';

/**
 * SPEC 5: a category in use cannot be deleted. The look-up gives the spec's message; the foreign
 * key (on delete restrict) still refuses if an expense is added between the look-up and the delete.
 */
export async function deleteCategory(deps: CategoryDeps, id: string, actor: Actor): Promise<void> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  try {
    await deps.db.transaction(async (tx) => {
      if (await categoryHasExpenses(tx, id)) throw new AppError('CATEGORY_IN_USE');
      const [deleted] = await queryRows<{ id: string; name: string; color: string; icon: string }>(
        tx,
        sql`delete from categories where id = ${id} returning id, name, color, icon`,
      );
      if (!deleted) throw new AppError('NOT_FOUND');
      await notifyChange(tx, 'categories');
      await auditCategory(tx, actor, 'category.deleted', deleted, deps.now());
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (postgresErrorOf(error)?.code === '23503') throw new AppError('CATEGORY_IN_USE');
    throw error;
  }
}

export async function categoryHasExpenses(db: Parameters<typeof queryRows>[0], id: string): Promise<boolean> {
  const [row] = await queryRows<{ in_use: boolean }>(db, categoryInUseQuery(id));
  return row?.in_use === true;
}

export function categoryInUseQuery(id: string) {
  return sql`select exists (select 1 from expenses where category_id = ${id}) as in_use`;
}
