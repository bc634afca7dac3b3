import { can, importUndoDeadline, type ExpenseImportView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import type { expenseImports } from '../../db/schema.ts';

type ImportRow = typeof expenseImports.$inferSelect;

/** Undo is offered to whoever made the import and to whoever may delete expenses (admins), for a day, once. */
export function mayUndo(row: Pick<ImportRow, 'importedBy' | 'createdAt' | 'undoneAt'>, viewer: Actor, now: Date): boolean {
  const mayUndoIt = row.importedBy === viewer.id || can(viewer.role, 'delete_expense');
  return mayUndoIt && row.undoneAt === null && now < importUndoDeadline(row.createdAt);
}

export function toImportView(row: ImportRow, viewer: Actor, importedByName: string | null, now: Date): ExpenseImportView {
  return {
    id: row.id,
    fileName: row.fileName,
    rowCount: row.rowCount,
    importedById: row.importedBy,
    importedByName,
    createdAt: row.createdAt.toISOString(),
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoUntil: row.undoneAt ? null : importUndoDeadline(row.createdAt).toISOString(),
    canUndo: mayUndo(row, viewer, now),
  };
}
