import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { DEFAULT_PAYMENT_METHOD, MAX_IMPORT_ROWS, type IsoDate } from '@kobo/core';
import { typedTextColumn } from '../../spreadsheet/cells.ts';

export const IMPORT_TEMPLATE_FILE_NAME = 'kobo-expenses-template.xlsx';

/**
 * The import's template (issue 14): the headings read-import-file.ts reads back, one example row
 * (dated today, on an item that exists) and a Notes sheet with the rules the review applies.
 */
export async function writeImportTemplate(example: { date: IsoDate; item: string }, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Expenses');
  sheet.columns = [
    { header: 'Date', key: 'date', width: 14, style: { numFmt: 'dd/mm/yyyy' } },
    typedTextColumn({ header: 'Item', key: 'item', width: 24 }),
    { header: 'Amount', key: 'amount', width: 14, style: { numFmt: '#,##0.00' } },
    typedTextColumn({ header: 'Description', key: 'description', width: 36 }),
    typedTextColumn({ header: 'Payment method', key: 'paymentMethod', width: 18 }),
  ];
  sheet
    .addRow({ date: new Date(`${example.date}T00:00:00Z`), item: example.item, amount: 1500, description: 'Example: replace this row', paymentMethod: DEFAULT_PAYMENT_METHOD })
    .commit();
  sheet.commit();
  const notes = workbook.addWorksheet('Notes');
  notes.columns = [typedTextColumn({ header: 'How Kobo reads the Expenses sheet', key: 'note', width: 100 })];
  for (const note of NOTES) notes.addRow({ note }).commit();
  notes.commit();
  await workbook.commit();
}

const NOTES = [
  'Only the first sheet is read. Keep the headings in row 1; Description and Payment method may be left empty.',
  'Date: a date cell, 2026-11-20 or 20/11/2026 (day first). Dates after today are refused.',
  'Item: the name of an existing item. Unknown items are listed on the review screen, where an administrator or manager can create them.',
  'Amount: naira, 0 or more, at most two decimals; 1,250.50 is fine.',
  `Payment method: empty means ${DEFAULT_PAYMENT_METHOD}; at most 40 characters.`,
  'A row with the same date, amount and description as an expense already recorded, or as an earlier row, is refused as a duplicate.',
  `At most ${MAX_IMPORT_ROWS.toLocaleString('en-NG')} rows and 5 MB per file. Values only: formulas and merged cells are refused.`,
];
