import { AppError, MESSAGES } from '@kobo/core';
import type { SheetRefusalReason, SheetRow } from './sheet-refusal.ts';
import { readInWorker } from './sheet-workers.ts';

export type { SheetCell, SheetRow } from './sheet-refusal.ts';

export type ReadOptions = { maxRows: number; messages: { tooManyRows: string } };

/**
 * The most the parts of an .xlsx Kobo reads may hold once inflated (docs/decisions/036): a
 * 50,000-row payroll sheet from Excel is about 15 MB, so 50 MB leaves room for long text and
 * refuses a small file that would open to gigabytes. MESSAGES.fileExpandsTooMuch names it.
 */
export const MAX_EXPANDED_BYTES = 50 * 1024 * 1024;

/**
 * Reads the first sheet of an .xlsx or a CSV into its non-empty rows of cells, the kind decided
 * from the bytes, never the name (docs/decisions/017-monthly-run.md, shared by the expense import
 * and the monthly run). The reading runs in a worker thread with bounds (docs/decisions/036).
 * Refused with a sentence: not a spreadsheet, empty, a hidden first sheet, formulas (a cached
 * result may be stale), merged cells, more rows than `maxRows` under the header, or parts that
 * expand past MAX_EXPANDED_BYTES. Date cells are answered as ISO days.
 */
export async function readSheetTable(bytes: Buffer, options: ReadOptions): Promise<SheetRow[]> {
  if (bytes.length === 0) throw unreadable(MESSAGES.fileEmpty);
  const answer = await readInWorker({ bytes, limits: { maxRows: options.maxRows, maxExpandedBytes: MAX_EXPANDED_BYTES } });
  if ('rows' in answer) return answer.rows;
  if ('refusal' in answer) throw refusalOf(answer.refusal, options);
  throw new Error(`reading a spreadsheet failed: ${answer.failure}`);
}

export function unreadable(message: string = MESSAGES.fileNotSpreadsheet): AppError {
  return new AppError('FILE_UNREADABLE', { message, field: 'file' });
}

function refusalOf(reason: SheetRefusalReason, options: ReadOptions): AppError {
  switch (reason) {
    case 'expandsTooMuch':
      return new AppError('FILE_TOO_LARGE', { message: MESSAGES.fileExpandsTooMuch, field: 'file' });
    case 'tooManyRows':
      return unreadable(options.messages.tooManyRows);
    case 'empty':
      return unreadable(MESSAGES.fileEmpty);
    case 'hiddenSheet':
      return unreadable(MESSAGES.fileHiddenSheet);
    case 'formulas':
      return unreadable(MESSAGES.fileHasFormulas);
    case 'mergedCells':
      return unreadable(MESSAGES.fileHasMergedCells);
    case 'notSpreadsheet':
      return unreadable();
  }
}
