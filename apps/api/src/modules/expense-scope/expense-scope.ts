import { sql, type SQL } from 'drizzle-orm';
import { AppError, can, type DateRange } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';

/** Whose expenses a caller sees: everyone's with view_all_expenses, otherwise only their own (SPEC 6). */
export type ExpenseScope = { allUsers: true } | { allUsers: false; userId: string };

export function expenseScopeOf(actor: Actor): ExpenseScope {
  if (can(actor.role, 'view_all_expenses')) return { allUsers: true };
  if (can(actor.role, 'view_own_expenses')) return { allUsers: false, userId: actor.id };
  // Staff hold neither: expense screens send them to /staff-savings (SPEC 6).
  throw new AppError('FORBIDDEN');
}

/**
 * WHERE conditions on `expenses e` for a scope and optional filters. Built as separate fragments
 * (not `$1 is null or …`) so each query gets a plan that can use the matching index.
 */
export function expenseConditions(scope: ExpenseScope, filters: { categoryId?: string | null; range?: DateRange | null } = {}): SQL {
  const conditions: SQL[] = [];
  if (!scope.allUsers) conditions.push(sql`e.user_id = ${scope.userId}`);
  if (filters.categoryId) conditions.push(sql`e.category_id = ${filters.categoryId}`);
  if (filters.range) conditions.push(sql`e.spent_on between ${filters.range.from}::date and ${filters.range.to}::date`);
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}
