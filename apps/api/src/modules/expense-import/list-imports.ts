import { desc, eq } from 'drizzle-orm';
import { can, type ExpenseImportView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { expenseImports, users } from '../../db/schema.ts';
import type { ExpenseDeps } from '../expenses/expense-deps.ts';
import { toImportView } from './import-views.ts';

const RECENT = 20;

/** The newest imports: everyone's for whoever may undo any (deleting expenses: the admin), one's own for everybody else. */
export async function listImports(deps: ExpenseDeps, actor: Actor): Promise<{ imports: ExpenseImportView[] }> {
  const query = deps.db
    .select({ row: expenseImports, importedByName: users.name })
    .from(expenseImports)
    .leftJoin(users, eq(users.id, expenseImports.importedBy));
  const scoped = can(actor.role, 'delete_expense') ? query : query.where(eq(expenseImports.importedBy, actor.id));
  const rows = await scoped.orderBy(desc(expenseImports.createdAt), desc(expenseImports.id)).limit(RECENT);
  const now = deps.now();
  return { imports: rows.map(({ row, importedByName }) => toImportView(row, actor, importedByName, now)) };
}
