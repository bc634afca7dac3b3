import { createHash } from 'node:crypto';
import { readSheetTable, unreadable, type SheetCell } from '../../spreadsheet/read-sheet-table.ts';
import {
  AppError,
  MAX_BATCH_FILE_BYTES,
  MAX_BATCH_ROWS,
  MESSAGES,
  ORDINARY_SAVINGS_PRODUCT_ID,
  RUN_COLUMN_MESSAGES,
  type BatchRowInput,
  type SavingsProduct,
  type UploadedBatchFile,
} from '@kobo/core';
import { toRunProduct, type RunProducts } from './run-products.ts';

/**
 * Reads payroll's file (issue 11): an .xlsx workbook's first sheet or a CSV, with a header row
 * naming the columns. The kind is decided from the bytes, never the name. Anything Kobo cannot
 * read faithfully is refused with a sentence that says what to change; amounts stay as written
 * (the review judges them row by row). Issue 29: a column per savings product, headed with the
 * product's name; the old single Amount column is ordinary savings. A heading that names a product
 * the run cannot take, or that reads like a savings column but names no product, is refused
 * naming it; any other heading (Name, Department) is ignored, as before.
 */
export async function readBatchFile(bytes: Buffer, fileName: string, products: RunProducts): Promise<UploadedBatchFile> {
  if (bytes.length > MAX_BATCH_FILE_BYTES) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
  const table = await readSheetTable(bytes, BATCH_SHEET);
  const { rows, columns } = rowsOf(
    table.map((row) => row.cells),
    products,
  );
  // Issue 34: each row keeps the spreadsheet's own row number (table[0] is the header).
  table.slice(1).forEach((sheetRow, index) => {
    const row = rows[index];
    if (row) row.sourceRow = sheetRow.line;
  });
  return { fileName, fileHash: createHash('sha256').update(bytes).digest('hex'), products: columns.map(toRunProduct), rows };
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

/** Words that make an unknown heading a savings column Kobo must not silently drop. */
const SAVINGS_WORDS = /saving|share|contribution|deposit|target|thrift/i;

/** Which heading is which product's column; a heading that should be one and is not is refused. */
function productColumns(header: Cell[], products: RunProducts): { index: number; product: SavingsProduct }[] {
  const known = new Set<string>(Object.values(HEADINGS).flat());
  const found: { index: number; product: SavingsProduct }[] = [];
  header.forEach((cell, index) => {
    const heading = String(cell).trim();
    const name = heading.toLowerCase();
    if (name === '') return;
    const product = products.all.find((candidate) => candidate.name.trim().toLowerCase() === name);
    if (product) {
      if (product.retiredAt !== null) throw unreadable(RUN_COLUMN_MESSAGES.columnTakesNoContributions(heading, `${product.name} ${MESSAGES.retiredTakesNoMoney}`));
      if (product.kind === 'fixed') throw unreadable(RUN_COLUMN_MESSAGES.columnTakesNoContributions(heading, RUN_COLUMN_MESSAGES.takesNoContributions(product.name)));
      if (found.some((column) => column.product.id === product.id)) throw unreadable(RUN_COLUMN_MESSAGES.twice(heading));
      found.push({ index, product });
    } else if (!known.has(name) && name !== 'name' && SAVINGS_WORDS.test(name)) {
      throw unreadable(RUN_COLUMN_MESSAGES.notAProduct(heading));
    }
  });
  return found;
}

function rowsOf(table: Cell[][], products: RunProducts): { rows: BatchRowInput[]; columns: SavingsProduct[] } {
  const [header, ...body] = table;
  if (!header) throw unreadable(MESSAGES.fileEmpty);
  const names = header.map((cell) => String(cell).trim().toLowerCase());
  const byProduct = productColumns(header, products);
  // Ordinary savings' column is the old Amount column under the product's name.
  const ordinaryColumn = byProduct.find((column) => column.product.id === ORDINARY_SAVINGS_PRODUCT_ID);
  const others = byProduct.filter((found) => found !== ordinaryColumn);
  const column = (key: keyof typeof HEADINGS) => names.findIndex((name) => (HEADINGS[key] as readonly string[]).includes(name));
  const amountColumn = column('amount');
  if (amountColumn >= 0 && ordinaryColumn) throw unreadable(RUN_COLUMN_MESSAGES.twice(String(header[ordinaryColumn.index]).trim()));
  const columns = {
    staffId: column('staffId'),
    email: column('email'),
    amount: ordinaryColumn?.index ?? amountColumn,
    description: column('description'),
    type: column('type'),
    loanRepayment: column('loanRepayment'),
  };
  if ((columns.amount < 0 && others.length === 0) || (columns.staffId < 0 && columns.email < 0)) throw unreadable(MESSAGES.fileNoHeader);
  // Blank rows and the row limit are the reader's (readSheetTable).
  const rows = body;
  if (rows.length === 0) throw unreadable(MESSAGES.fileEmpty);
  const text = (row: Cell[], index: number) => (index < 0 ? '' : String(row[index] ?? '').trim());
  const value = (row: Cell[], index: number) => {
    const cell = index < 0 ? '' : (row[index] ?? '');
    return typeof cell === 'number' ? cell : cell.trim();
  };
  const read = rows.map((row) => {
    const repayment = value(row, columns.loanRepayment);
    const cells = others.flatMap((found) => {
      const cell = value(row, found.index);
      return cell === '' ? [] : [[found.product.id, cell] as const];
    });
    return {
      ref: text(row, columns.staffId) || text(row, columns.email),
      amount: value(row, columns.amount),
      description: text(row, columns.description) || null,
      type: text(row, columns.type) || null,
      loanRepayment: repayment === '' ? null : repayment,
      ...(cells.length > 0 ? { products: Object.fromEntries(cells) } : {}),
    };
  });
  const ordinary = products.all.find((product) => product.id === ORDINARY_SAVINGS_PRODUCT_ID);
  const columnsRead = [...(columns.amount >= 0 && ordinary ? [ordinary] : []), ...others.map((found) => found.product)];
  return { rows: read, columns: columnsRead };
}
