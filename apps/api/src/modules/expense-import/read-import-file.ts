import { AppError, MAX_IMPORT_FILE_BYTES, MAX_IMPORT_ROWS, MESSAGES, type ImportRowInput, type UploadedImportFile } from '@kobo/core';
import { readSheetTable, unreadable, type SheetCell, type SheetRow } from '../../spreadsheet/read-sheet-table.ts';

/**
 * Headings as people write them, compared after dropping case, spaces, underscores, dashes, dots
 * and a currency mark: "Payment Method", "payment_method" and "PAYMENT-METHOD" are one column.
 */
const HEADINGS = {
  date: ['date', 'spenton', 'expensedate', 'day'],
  item: ['item', 'category', 'itemcategory', 'expenseitem'],
  amount: ['amount', 'amountngn', 'amountnaira', 'amount₦', 'cost', 'total'],
  description: ['description', 'narration', 'details', 'note', 'notes'],
  paymentMethod: ['paymentmethod', 'payment', 'method', 'paidby', 'paymenttype'],
} as const;
type Column = keyof typeof HEADINGS;

export function headingKey(text: string): string {
  return text.toLowerCase().replace(/[\s_.\-()]+/g, '');
}

/** Text Kobo cannot store (PostgreSQL refuses NUL in text and lone surrogates in JSON). */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Reads an expenses file (issue 14): Date, Item and Amount columns are required, Description and
 * Payment method optional, in any order. Cells stay as written; the review judges each row. A cell
 * Kobo could never store refuses the whole file here, naming its line, since it could not even be
 * sent back for review.
 */
export async function readImportFile(bytes: Buffer, fileName: string): Promise<UploadedImportFile> {
  if (bytes.length > MAX_IMPORT_FILE_BYTES) throw new AppError('FILE_TOO_LARGE', { field: 'file', message: MESSAGES.importFileTooLarge });
  const table = await readSheetTable(bytes, { maxRows: MAX_IMPORT_ROWS, messages: { tooManyRows: MESSAGES.importTooManyRows } });
  const [header, ...body] = table;
  if (!header) throw unreadable(MESSAGES.fileEmpty);
  const names = header.cells.map((cell) => headingKey(String(cell)));
  const columnOf = (key: Column) => names.findIndex((name) => (HEADINGS[key] as readonly string[]).includes(name));
  const columns = Object.fromEntries((Object.keys(HEADINGS) as Column[]).map((key) => [key, columnOf(key)])) as Record<Column, number>;
  if (columns.date < 0 || columns.item < 0 || columns.amount < 0) throw unreadable(MESSAGES.importNoHeader);
  if (body.length === 0) throw unreadable(MESSAGES.fileEmpty);
  return { fileName, rows: body.map((row) => rowOf(row, columns)) };
}

function rowOf(row: SheetRow, columns: Record<Column, number>): ImportRowInput {
  for (const cell of row.cells) {
    if (typeof cell === 'string' && UNSTORABLE.test(cell)) {
      throw unreadable(`${MESSAGES.importUnsupportedCharacters} ${row.line}.`);
    }
  }
  const raw = (column: Column): SheetCell => (columns[column] < 0 ? '' : (row.cells[columns[column]] ?? ''));
  const text = (column: Column) => String(raw(column)).trim();
  const kept = (column: Column) => {
    const value = raw(column);
    return typeof value === 'number' ? value : value.trim();
  };
  return {
    line: row.line,
    date: kept('date'),
    item: text('item'),
    amount: kept('amount'),
    description: text('description') || null,
    paymentMethod: text('paymentMethod') || null,
  };
}
