import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError, MESSAGES } from '@kobo/core';

/** A cell as a person wrote it: text, or a number (an amount, or an Excel date as its serial day). */
export type SheetCell = string | number;
/** A non-empty row and its number in the sheet (the header is row 1). */
export type SheetRow = { line: number; cells: SheetCell[] };

export type ReadOptions = { maxRows: number; messages: { tooManyRows: string } };

/**
 * Reads the first sheet of an .xlsx or a CSV into rows of cells, the kind decided from the bytes,
 * never the name (docs/decisions/017-monthly-run.md's reading, shared by the expense import).
 * Refused with a sentence: not a spreadsheet, a hidden first sheet, formulas (a cached result may be
 * stale), merged cells, more rows than `maxRows`. Date cells are answered as ISO days.
 */
export async function readSheetTable(bytes: Buffer, options: ReadOptions): Promise<SheetRow[]> {
  if (bytes.length === 0) throw unreadable(MESSAGES.fileEmpty);
  const rows = isZip(bytes) ? await readWorkbook(bytes, options) : readCsv(bytes, options);
  return rows.filter((row) => row.cells.some((cell) => String(cell).trim() !== ''));
}

export function unreadable(message: string = MESSAGES.fileNotSpreadsheet): AppError {
  return new AppError('FILE_UNREADABLE', { message, field: 'file' });
}

/** An .xlsx is a zip archive: decided from the bytes, never the name. */
export function isZip(bytes: Buffer): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The first sheet's non-empty rows, refused as readSheetTable says (the monthly run reads its CSV its own way). */
export async function readWorkbook(bytes: Buffer, options: ReadOptions): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable(MESSAGES.fileEmpty);
  if (sheet.state !== 'visible') throw unreadable(MESSAGES.fileHiddenSheet);
  // The sheet's own extent: a file claiming a million rows is refused before any is read.
  if (sheet.rowCount > options.maxRows + 1) throw unreadable(options.messages.tooManyRows);
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: SheetCell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      if (cell.isMerged) throw unreadable(MESSAGES.fileHasMergedCells);
      if (cell.type === ExcelJS.ValueType.Formula) throw unreadable(MESSAGES.fileHasFormulas);
      cells[column - 1] = cellValue(cell);
    });
    rows.push({ line, cells: Array.from(cells, (cell) => cell ?? '') });
  });
  return rows;
}

/** A cell as text or a number: dates as YYYY-MM-DD, rich text and hyperlinks as their text. */
function cellValue(cell: ExcelJS.Cell): SheetCell {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((part) => part.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  return String(cell.text ?? '');
}

/** UTF-8 (with or without a byte-order mark) and UTF-16 with its mark, as spreadsheet programs save CSV. */
export function decodeText(bytes: Buffer): string {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2));
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2));
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw unreadable();
  }
}

function readCsv(bytes: Buffer, options: ReadOptions): SheetRow[] {
  const text = decodeText(bytes);
  // A NUL is never in a CSV a person saved: this is a binary file (an old .xls, a PDF, an image).
  if (text.includes('\u0000')) throw unreadable();
  let records: string[][];
  try {
    // Read one past the limit, so "too many" is known without reading a million rows.
    records = parse(text, { delimiter: [',', ';', '\t'], relax_column_count: true, trim: true, to: options.maxRows + 2 }) as string[][];
  } catch {
    throw unreadable();
  }
  if (records.length > options.maxRows + 1) throw unreadable(options.messages.tooManyRows);
  return records.map((cells, index) => ({ line: index + 1, cells }));
}
