import { createHash } from 'node:crypto';
import { readSheetTable, unreadable, type SheetCell } from '../../spreadsheet/read-sheet-table.ts';
import { AppError, MAX_BATCH_FILE_BYTES, MAX_BATCH_ROWS, MESSAGES, type BatchRowInput, type UploadedBatchFile } from '@kobo/core';

/**
 * Reads payroll's file (issue 11): an .xlsx workbook's first sheet or a CSV, with a header row
 * naming the columns. The kind is decided from the bytes, never the name. Anything Kobo cannot
 * read faithfully is refused with a sentence that says what to change; amounts stay as written
 * (the review judges them row by row).
 */
export async function readBatchFile(bytes: Buffer, fileName: string): Promise<UploadedBatchFile> {
  if (bytes.length > MAX_BATCH_FILE_BYTES) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
  const table = await readSheetTable(bytes, BATCH_SHEET);
  return { fileName, fileHash: createHash('sha256').update(bytes).digest('hex'), rows: rowsOf(table.map((row) => row.cells)) };
}

type Cell = SheetCell;

const BATCH_SHEET = { maxRows: MAX_BATCH_ROWS, messages: { tooManyRows: MESSAGES.fileTooManyRows } };

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
  // Blank rows and the row limit are the reader's (readSheetTable).
  const rows = body;
  if (rows.length === 0) throw unreadable(MESSAGES.fileEmpty);
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
