import { sql } from 'drizzle-orm';
import type { CategoryIcon, CategoryView } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { expenseScopeOf } from '../expense-scope/expense-scope.ts';
import { isoText } from '../expenses/expense-view.ts';
import type { CategoryDeps } from './category-deps.ts';

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

function toCategoryView(row: CategoryRow): CategoryView {
  return { id: row.id, name: row.name, color: row.color, icon: row.icon, createdAt: row.created_at, hasExpenses: row.has_expenses };
}
