import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { cellValue, decodeText, unreadable, type SheetCell } from '../../../spreadsheet/read-sheet-table.ts';
import { AppError, MAX_BATCH_FILE_BYTES, MAX_BATCH_ROWS, MESSAGES, type BatchRowInput, type UploadedBatchFile } from '@kobo/core';

/**
 * Reads payroll's file (issue 11): an .xlsx workbook's first sheet or a CSV, with a header row
 * naming the columns. The kind is decided from the bytes, never the name. Anything Kobo cannot
 * read faithfully is refused with a sentence that says what to change; amounts stay as written
 * (the review judges them row by row).
 */
export async function readBatchFile(bytes: Buffer, fileName: string): Promise<UploadedBatchFile> {
  if (bytes.length > MAX_BATCH_FILE_BYTES) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
  if (bytes.length === 0) throw unreadable(MESSAGES.fileEmpty);
  const table = isZip(bytes) ? await readWorkbook(bytes) : readCsv(bytes);
  return { fileName, fileHash: createHash('sha256').update(bytes).digest('hex'), rows: rowsOf(table) };
}

type Cell = SheetCell;

function isZip(bytes: Buffer): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

async function readWorkbook(bytes: Buffer): Promise<Cell[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw unreadable(MESSAGES.fileEmpty);
  if (sheet.state !== 'visible') throw unreadable(MESSAGES.fileHiddenSheet);
  if (sheet.rowCount > MAX_BATCH_ROWS + 1) throw unreadable(MESSAGES.fileTooManyRows);
  const table: Cell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      if (cell.isMerged) throw unreadable(MESSAGES.fileHasMergedCells);
      // A formula's cached result may be stale or absent: payroll must send the values themselves.
      if (cell.type === ExcelJS.ValueType.Formula) throw unreadable(MESSAGES.fileHasFormulas);
      cells[column - 1] = cellValue(cell);
    });
    table.push(Array.from(cells, (cell) => cell ?? ''));
  });
  return table;
}



function readCsv(bytes: Buffer): Cell[][] {
  const text = decodeText(bytes);
  // A NUL is never in a CSV a person saved: this is a binary file (an old .xls, a PDF, an image).
  if (text.includes('\u0000')) throw unreadable();
  try {
    return parse(text, { delimiter: [',', ';', '\t'], skip_empty_lines: true, relax_column_count: true, trim: true, to: MAX_BATCH_ROWS + 2 }) as string[][];
  } catch {
    throw unreadable();
  }
}

const HEADINGS = {
  staffId: ['staff id', 'staff_id', 'staffid', 'staff no', 'staff number', 'staff'],
  email: ['email', 'e-mail', 'email address'],
  amount: ['amount', 'amount (₦)', 'amount (ngn)', 'contribution', 'deduction'],
  description: ['description', 'narration', 'note'],
  type: ['type', 'transaction type'],
  loanRepayment: ['loan repayment', 'loan', 'loan deduction', 'repayment'],
} as const;

function rowsOf(table: Cell[][]): BatchRowInput[] {
  const [header, ...body] = table;
  if (!header) throw unreadable(MESSAGES.fileEmpty);
  const names = header.map((cell) => String(cell).trim().toLowerCase());
  const column = (key: keyof typeof HEADINGS) => names.findIndex((name) => (HEADINGS[key] as readonly string[]).includes(name));
  const columns = {
    staffId: column('staffId'),
    email: column('email'),
    amount: column('amount'),
    description: column('description'),
    type: column('type'),
    loanRepayment: column('loanRepayment'),
  };
  if (columns.amount < 0 || (columns.staffId < 0 && columns.email < 0)) throw unreadable(MESSAGES.fileNoHeader);
  const rows = body.filter((row) => row.some((cell) => String(cell).trim() !== ''));
  if (rows.length === 0) throw unreadable(MESSAGES.fileEmpty);
  if (rows.length > MAX_BATCH_ROWS) throw unreadable(MESSAGES.fileTooManyRows);
  const text = (row: Cell[], index: number) => (index < 0 ? '' : String(row[index] ?? '').trim());
  return rows.map((row) => {
    const amount = columns.amount < 0 ? '' : (row[columns.amount] ?? '');
    const repayment = columns.loanRepayment < 0 ? '' : (row[columns.loanRepayment] ?? '');
    return {
      ref: text(row, columns.staffId) || text(row, columns.email),
      amount: typeof amount === 'number' ? amount : amount.trim(),
      description: text(row, columns.description) || null,
      type: text(row, columns.type) || null,
      loanRepayment: typeof repayment === 'number' ? repayment : repayment.trim() || null,
    };
  });
}
