import { AppError, type CategoryIcon, type CategoryView } from '@kobo/core';
import { isUniqueViolation } from '../../db/errors.ts';
import { categories } from '../../db/schema.ts';
import type { Actor } from '../../auth/actor.ts';
import { notifyChange } from '../events/change-feed.ts';
import { auditCategory } from '../audit/audit-acts.ts';
import type { CategoryDeps } from './category-deps.ts';

/** The unique index on lower(name) decides duplicates, so two simultaneous adds cannot both win. */
export async function createCategory(
  deps: CategoryDeps,
  actor: Actor,
  input: { name: string; color: string; icon: CategoryIcon },
): Promise<CategoryView> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(categories)
        .values({ ...input, createdBy: actor.id, createdAt: deps.now() })
        .returning();
      await notifyChange(tx, 'categories');
      if (!row) throw new Error('insert returned no category');
      await auditCategory(tx, actor, 'category.created', row, row.createdAt);
      return { id: row.id, name: row.name, color: row.color, icon: row.icon as CategoryIcon, createdAt: row.createdAt.toISOString(), hasExpenses: false };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'categories_name_lower_key')) throw new AppError('CATEGORY_NAME_TAKEN', { field: 'name' });
    throw error;
  }
}
