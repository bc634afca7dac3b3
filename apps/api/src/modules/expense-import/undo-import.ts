import { eq, sql } from 'drizzle-orm';
import { AppError, can, importUndoDeadline, isUuid, MESSAGES, type ExpenseImportView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { queryRows } from '../../db/client.ts';
import { expenseImports, users } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { notifyChange } from '../events/change-feed.ts';
import type { ExpenseDeps } from '../expenses/expense-deps.ts';
import { toImportView } from './import-views.ts';

/**
 * Undoes an import as a whole (issue 14): within a day, by whoever made it or an admin, once. Its
 * expenses go (edited since or not: they came in together and leave together; their receipts
 * cascade); the items it created stay, since other expenses may use them by now and an unused item
 * is harmless (docs/decisions/035-expense-import.md). The import row stays, marked undone.
 */
export async function undoImport(deps: ExpenseDeps, actor: Actor, id: string): Promise<{ import: ExpenseImportView; removed: number; message: string }> {
  if (!isUuid(id)) throw new AppError('IMPORT_NOT_FOUND');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(expenseImports).where(eq(expenseImports.id, id)).for('update');
    // Another person's import is not found by whoever sees only their own expenses; undoing it deletes
    // that person's expenses, which only whoever may delete expenses may do (docs/decisions/045-screens-ask-the-permission-table-and-token-scopes.md).
    const isOwn = row?.importedBy === actor.id;
    if (!row || (!isOwn && !can(actor.role, 'view_all_expenses'))) throw new AppError('IMPORT_NOT_FOUND');
    if (!isOwn && !can(actor.role, 'delete_expense')) throw new AppError('IMPORT_UNDO_FORBIDDEN');
    if (row.undoneAt) throw new AppError('IMPORT_ALREADY_UNDONE');
    const at = deps.now();
    if (at >= importUndoDeadline(row.createdAt)) throw new AppError('IMPORT_UNDO_EXPIRED');
    const removed = await queryRows<{ id: string }>(tx, sql`delete from expenses where import_id = ${id} returning id`);
    const [undone] = await tx.update(expenseImports).set({ undoneAt: at }).where(eq(expenseImports.id, id)).returning();
    if (!undone) throw new Error('the import row vanished under its lock');
    await recordAudit(tx, {
      kind: 'expense.import_undone',
      actor,
      target: { type: 'expense_import', id, label: row.fileName },
      people: [row.importedBy],
      before: { rowCount: row.rowCount },
      after: { removed: removed.length },
      at,
    });
    await notifyChange(tx, 'expenses');
    const [owner] = row.importedBy ? await tx.select({ name: users.name }).from(users).where(eq(users.id, row.importedBy)) : [];
    return { import: toImportView(undone, actor, owner?.name ?? null, at), removed: removed.length, message: MESSAGES.importUndone };
  });
}
