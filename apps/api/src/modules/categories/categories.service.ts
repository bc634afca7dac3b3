import { sql } from 'drizzle-orm';
import { AppError, isUuid, type CategoryIcon, type CategoryView } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { isUniqueViolation, postgresErrorOf } from '../../db/errors.ts';
import { categories } from '../../db/schema.ts';
import type { Actor } from '../../plugins/authentication.ts';
import { notifyChange } from '../events/change-feed.ts';
import { auditCategory } from '../audit/audit-acts.ts';
import { expenseScopeOf } from '../expenses/expense-scope.ts';
import { isoText } from '../expenses/expense-view.ts';

export type CategoryDeps = { db: Database; now: () => Date };

type CategoryRow = { id: string; name: string; color: string; icon: CategoryIcon; created_at: string; has_expenses: boolean };

/**
 * DECISIONS 3: one organisation-wide list that everyone who records expenses reads. `search` matches
 * anywhere in the name, case-insensitively; `sort` is by name or newest first (SPEC "Settings").
 */
export async function listCategories(
  deps: CategoryDeps,
  actor: Actor,
  query: { search: string; sort: 'name' | 'newest' },
): Promise<CategoryView[]> {
  expenseScopeOf(actor);
  const pattern = `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const order = query.sort === 'newest' ? sql`c.created_at desc, c.id desc` : sql`lower(c.name), c.id`;
  const rows = await queryRows<CategoryRow>(
    deps.db,
    sql`select c.id, c.name, c.color, c.icon, ${isoText(sql`c.created_at`)} as created_at,
          exists (select 1 from expenses e where e.category_id = c.id) as has_expenses
        from categories c
        where c.name ilike ${pattern}
        order by ${order}`,
  );
  return rows.map(toCategoryView);
}

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

function toCategoryView(row: CategoryRow): CategoryView {
  return { id: row.id, name: row.name, color: row.color, icon: row.icon, createdAt: row.created_at, hasExpenses: row.has_expenses };
}
