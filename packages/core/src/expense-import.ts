import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { isSupportedDate, type IsoDate } from './periods.ts';

/**
 * Importing expenses from a spreadsheet (issue 14, docs/decisions/035-expense-import.md): the
 * rules the screen and the server share. The server judges every row; the screen only shows it.
 */
export const MAX_IMPORT_ROWS = 20_000;
export const MAX_IMPORT_FILE_BYTES = 5 * 1024 * 1024;
/** An import can be undone as a whole for this long after it was made. */
export const IMPORT_UNDO_HOURS = 24;
/** A cell longer than any field takes is still judged (and refused) row by row, never cut. */
const MAX_CELL = 200_000;

/** One data row of the file, cells as written (a number cell stays a number: an Excel date or an amount). */
export const importRowInputSchema = z.object({
  /** The row's number in the sheet (the header is row 1), so a refusal points at the line people see. */
  line: z.number().int(),
  date: z.union([z.string(), z.number()]),
  item: z.string(),
  amount: z.union([z.string(), z.number()]),
  description: z.string().nullable().optional(),
  paymentMethod: z.string().nullable().optional(),
});
export type ImportRowInput = z.infer<typeof importRowInputSchema>;

/** POST /api/expense-imports/file: the file's rows, read but not yet judged. */
export const uploadedImportFileSchema = z.object({ fileName: z.string(), rows: z.array(importRowInputSchema) });
export type UploadedImportFile = z.infer<typeof uploadedImportFileSchema>;

const cell = z.union([z.string().max(MAX_CELL), z.number().finite()]);
const optionalCell = z.string().max(MAX_CELL).nullish();

export const importDraftSchema = z.object({
  fileName: z.string().trim().min(1).max(200),
  rows: z
    .array(
      z.object({
        line: z.number().int().min(2).max(10_000_000),
        date: cell,
        item: z.string().max(MAX_CELL),
        amount: cell,
        description: optionalCell,
        paymentMethod: optionalCell,
      }),
    )
    .min(1, { message: MESSAGES.fileEmpty })
    .max(MAX_IMPORT_ROWS, { message: MESSAGES.importTooManyRows }),
  /** The unknown items (as written in the file) the person ticked to create with the import. */
  createItems: z.array(z.string().max(MAX_CELL)).max(MAX_IMPORT_ROWS).default([]),
});
export type ImportDraft = z.input<typeof importDraftSchema>;
export type ParsedImportDraft = z.output<typeof importDraftSchema>;

/** The import itself: the draft, and how many ready rows the person agreed to import. */
export const importRequestSchema = importDraftSchema.extend({ expectedReadyCount: z.number().int().min(1).max(MAX_IMPORT_ROWS) });
export type ImportRequest = z.input<typeof importRequestSchema>;

export const IMPORT_ROW_FIELDS = ['date', 'item', 'amount', 'description', 'paymentMethod', 'row'] as const;
export type ImportRowField = (typeof IMPORT_ROW_FIELDS)[number];

export const reviewedImportRowSchema = z.object({
  line: z.number().int(),
  isReady: z.boolean(),
  /** Why the row is refused, and on which field; null when ready. */
  problem: z.string().nullable(),
  field: z.enum(IMPORT_ROW_FIELDS).nullable(),
  spentOn: z.string().nullable(),
  itemName: z.string(),
  /** Null while the item does not exist yet (unknown, or ticked to be created). */
  categoryId: z.string().nullable(),
  isNewItem: z.boolean(),
  amountKobo: z.number().int().nullable(),
  description: z.string().nullable(),
  paymentMethod: z.string(),
});
export type ReviewedImportRow = z.infer<typeof reviewedImportRowSchema>;

export const importReviewSchema = z.object({
  fileName: z.string(),
  rows: z.array(reviewedImportRowSchema),
  readyCount: z.number().int(),
  refusedCount: z.number().int(),
  readyKobo: z.number().int(),
  /** Items the file names that do not exist, as first written; each can be ticked to create it. */
  unknownItems: z.array(z.string()),
  canCreateItems: z.boolean(),
});
export type ImportReview = z.infer<typeof importReviewSchema>;

export const expenseImportViewSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  rowCount: z.number().int(),
  importedById: z.string().nullable(),
  importedByName: z.string().nullable(),
  createdAt: z.string(),
  undoneAt: z.string().nullable(),
  /** Until when Undo is possible; null once undone. */
  undoUntil: z.string().nullable(),
  canUndo: z.boolean(),
});
export type ExpenseImportView = z.infer<typeof expenseImportViewSchema>;

export const importResultSchema = z.object({ import: expenseImportViewSchema, createdItems: z.array(z.string()), message: z.string() });
export type ImportResult = z.infer<typeof importResultSchema>;

export const importListSchema = z.object({ imports: z.array(expenseImportViewSchema) });
export const importUndoneSchema = z.object({ import: expenseImportViewSchema, removed: z.number().int(), message: z.string() });

/** Days after 1899-12-30 (Excel's day 0, past its 1900 leap-year bug); serials from 61 (1 Mar 1900). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * A row's date as the sheet holds it: ISO (2026-11-20), day first as Nigeria writes it
 * (20/11/2026, 20-11-2026, 20.11.2026, one-digit day or month allowed) or a real Excel date
 * (a number cell). Refused: no such day (31/02), outside 1900–2999, and any day after today
 * (an import records what was spent).
 */
export function importDateOf(value: string | number, today: IsoDate): { date: IsoDate } | { problem: string } {
  const date = typeof value === 'number' ? excelSerialDate(value) : textDate(value.trim());
  if (date === null && String(value).trim() === '') return { problem: MESSAGES.importDateRequired };
  if (date === null || !isSupportedDate(date)) return { problem: MESSAGES.importBadDate };
  if (date > today) return { problem: MESSAGES.importDateInFuture };
  return { date };
}

function excelSerialDate(serial: number): IsoDate | null {
  if (!Number.isInteger(serial) || serial < 61 || serial > 401_768) return null;
  return new Date(EXCEL_EPOCH_MS + serial * DAY_MS).toISOString().slice(0, 10);
}

function textDate(text: string): IsoDate | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  // An ISO instant (a sheet's date cell read as text) keeps its day.
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+Z?$/.test(text)) return text.slice(0, 10);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!dayFirst) return null;
  const [, day = '', month = '', year = ''] = dayFirst;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** When an import made at `createdAt` can no longer be undone. */
export function importUndoDeadline(createdAt: Date): Date {
  return new Date(createdAt.getTime() + IMPORT_UNDO_HOURS * 3_600_000);
}

/** 'Same date, amount and description as line 4 of this file' */
export function duplicateInFileMessage(firstLine: number): string {
  return `${MESSAGES.importDuplicateInFile} ${firstLine} of this file`;
}

/** 'Imported 38 expenses.' */
export function importedMessage(count: number): string {
  return count === 1 ? 'Imported 1 expense.' : `Imported ${count.toLocaleString('en-NG')} expenses.`;
}
