import { createHash } from 'node:crypto';
import {
  AppError,
  koboToNairaString,
  MAX_BATCH_FILE_BYTES,
  MAX_BATCH_ROWS,
  MESSAGES,
  parseLayoutAmount,
  type PayrollLayout,
  type RemittanceLineInput,
  type UploadedRemittance,
} from '@kobo/core';
import { readSheetTable, unreadable, type SheetCell, type SheetRow } from '../../spreadsheet/read-sheet-table.ts';

type Part = RemittanceLineInput['parts'][number];

const REMITTANCE_SHEET = { maxRows: MAX_BATCH_ROWS, messages: { tooManyRows: MESSAGES.fileTooManyRows } };

/**
 * Reads what payroll remitted (issue 30, decision 047) from its file, in a layout: the generic one
 * or a saved one. Wide: a line per row, a part per deduction column with an amount, the total
 * column only for a row with none. Long: rows grouped per staff ID, a part per row with its code's
 * deductions. The bytes are read as the monthly run reads its file (readSheetTable: the kind
 * from the bytes, bounded in a worker, zip bombs refused). Headings are the layout's, matched
 * trimmed and case-insensitively; a layout's amount column missing from the file is refused naming
 * it (a file in another layout would otherwise read as nothing paid). Amounts Kobo reads are
 * answered as naira text ('1250.50'); one it cannot read keeps its text, so the match refuses
 * that member's line.
 */
export async function readRemittanceFile(bytes: Buffer, fileName: string, layout: PayrollLayout): Promise<UploadedRemittance> {
  if (bytes.length > MAX_BATCH_FILE_BYTES) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
  const [header, ...body] = await readSheetTable(bytes, REMITTANCE_SHEET);
  if (!header) throw unreadable(MESSAGES.fileEmpty);
  if (body.length === 0) throw unreadable(MESSAGES.fileEmpty);
  const headings = header.cells.map((cell) => String(cell).trim().toLowerCase());
  const indexOf = (heading: string) => headings.indexOf(heading.trim().toLowerCase());
  const required = (heading: string) => {
    const index = indexOf(heading);
    if (index < 0) throw unreadable(columnMissing(heading));
    return index;
  };
  const staffIdColumn = layout.columns.find((column) => column.field === 'staff_id');
  if (!staffIdColumn) throw unreadable(MESSAGES.fileNoHeader);
  const nameColumn = layout.columns.find((column) => column.field === 'name');
  const at = { staffId: required(staffIdColumn.header), name: nameColumn ? indexOf(nameColumn.header) : -1 };
  const lines = layout.shape === 'wide' ? wideLines(body, layout, at, required) : longLines(body, layout, at, required);
  return { fileName, fileHash: createHash('sha256').update(bytes).digest('hex'), layoutId: layout.id, lines };
}

type Places = { staffId: number; name: number };

/** One line per row: a part per deduction column with an amount; the total only when none has one. */
function wideLines(rows: SheetRow[], layout: PayrollLayout, at: Places, required: (heading: string) => number): RemittanceLineInput[] {
  const deductionColumns = layout.columns.filter((column) => column.field === 'deduction').map((column) => ({ index: required(column.header), keys: column.keys ?? [] }));
  const totalColumn = layout.columns.find((column) => column.field === 'total');
  const totalIndex = totalColumn ? required(totalColumn.header) : -1;
  return rows.map((row) => {
    // A column with nothing in it (blank or 0) pays nothing: a row with only a total is paid by the total.
    const parts = deductionColumns.flatMap((column) => {
      const cell = cellAt(row.cells, column.index);
      return isBlank(cell) || parseLayoutAmount(cell, layout.numberFormat) === 0 ? [] : [{ keys: column.keys, amount: amountText(cell, layout) }];
    });
    const total = cellAt(row.cells, totalIndex);
    const paid: Part[] = parts.length > 0 ? parts : [{ keys: [], amount: isBlank(total) ? '0.00' : amountText(total, layout) }];
    return { ref: textAt(row.cells, at.staffId), name: textAt(row.cells, at.name) || null, row: row.line, parts: paid };
  });
}

/**
 * Rows grouped per staff ID (the first row's number kept), a part per row with its code's
 * deductions. A code that is none of the layout's is refused naming the row: money Kobo cannot
 * place is for the officer to correct (the file, or the layout's codes), not to guess.
 */
function longLines(rows: SheetRow[], layout: PayrollLayout, at: Places, required: (heading: string) => number): RemittanceLineInput[] {
  const codeIndex = required(layout.columns.find((column) => column.field === 'code')?.header ?? 'Code');
  const amountIndex = required(layout.columns.find((column) => column.field === 'amount')?.header ?? 'Amount');
  const codes = new Map(layout.codes.map((code) => [code.code.trim().toLowerCase(), code.keys]));
  const lines = new Map<string, RemittanceLineInput>();
  for (const row of rows) {
    const amount = cellAt(row.cells, amountIndex);
    const code = textAt(row.cells, codeIndex);
    if (code === '' && isBlank(amount)) continue;
    const keys = codes.get(code.toLowerCase());
    if (!keys) throw unreadable(unknownCode(row.line, code));
    const ref = textAt(row.cells, at.staffId);
    const group = ref.toUpperCase();
    const line = lines.get(group) ?? { ref, name: textAt(row.cells, at.name) || null, row: row.line, parts: [] };
    line.parts.push({ keys, amount: amountText(amount, layout) });
    lines.set(group, line);
  }
  if (lines.size === 0) throw unreadable(MESSAGES.fileEmpty);
  return [...lines.values()];
}

function cellAt(cells: SheetCell[], index: number): SheetCell {
  return index < 0 ? '' : (cells[index] ?? '');
}

function textAt(cells: SheetCell[], index: number): string {
  return String(cellAt(cells, index)).trim().slice(0, 200);
}

function isBlank(cell: SheetCell): boolean {
  return typeof cell === 'string' && cell.trim() === '';
}

/** An amount in the layout's format as naira text for the match; unreadable, as written. */
function amountText(cell: SheetCell, layout: PayrollLayout): string {
  const kobo = parseLayoutAmount(cell, layout.numberFormat);
  return kobo === null ? String(cell).trim().slice(0, 40) : koboToNairaString(kobo);
}

function columnMissing(heading: string): string {
  return `The file has no "${heading}" column. Upload it in the layout chosen, or choose the layout it is in.`;
}

function unknownCode(line: number, code: string): string {
  return code === '' ? `Row ${line} has an amount but no deduction code.` : `Row ${line}: the code "${code.slice(0, 40)}" is none of the layout's codes. Correct the file or add the code to the layout.`;
}
