import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  ACCOUNT_KIND_LABELS,
  type BalanceSheetView,
  type BookReportRow,
  type GeneralLedgerView,
  type IncomeStatementView,
  type JournalPage,
  type TrialBalanceView,
} from '@kobo/core';
import { NAIRA_FORMAT, nairaCell as naira, typedTextColumn } from '../../spreadsheet/cells.ts';

/**
 * The books' five reports as .xlsx, one sheet each, the figures as number cells in naira (so sums
 * work in the spreadsheet) and never formulas. Account names, narrations and members' names were
 * typed by people, so their columns are typed text (cells.ts). Headings are on the first row, as
 * in every Kobo workbook; the totals close each sheet.
 */

const DAY_FORMAT = 'dd/mm/yyyy';
const day = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);
const money = (width = 16) => ({ width, style: { numFmt: NAIRA_FORMAT } });

type Row = Record<string, string | number | Date | null>;

async function writeSheet(output: Writable, name: string, columns: Partial<ExcelJS.Column>[], rows: Row[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns;
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
}

const accountColumns = [typedTextColumn({ header: 'Code', key: 'code', width: 10 }), typedTextColumn({ header: 'Account', key: 'name', width: 36 })];

export function trialBalanceFileName(view: TrialBalanceView): string {
  return `trial-balance-${view.book}-${view.asOf}.xlsx`;
}

export async function writeTrialBalanceWorkbook(view: TrialBalanceView, output: Writable): Promise<void> {
  const rows: Row[] = view.rows.map((row) => ({
    code: row.code,
    name: row.name,
    kind: ACCOUNT_KIND_LABELS[row.kind],
    debit: row.debitKobo ? naira(row.debitKobo) : null,
    credit: row.creditKobo ? naira(row.creditKobo) : null,
  }));
  rows.push({ name: 'Total', debit: naira(view.totalDebitKobo), credit: naira(view.totalCreditKobo) });
  await writeSheet(
    output,
    'Trial balance',
    [...accountColumns, { header: 'Kind', key: 'kind', width: 12 }, { header: 'Debit', key: 'debit', ...money() }, { header: 'Credit', key: 'credit', ...money() }],
    rows,
  );
}

const amountColumns = [...accountColumns, { header: 'Amount', key: 'amount', ...money() }];
const reportRows = (rows: readonly BookReportRow[]): Row[] => rows.map((row) => ({ code: row.code, name: row.name, amount: naira(row.balanceKobo) }));

export function incomeStatementFileName(view: IncomeStatementView): string {
  return `income-statement-${view.book}-${view.from}-to-${view.to}.xlsx`;
}

export async function writeIncomeStatementWorkbook(view: IncomeStatementView, output: Writable): Promise<void> {
  await writeSheet(output, 'Income and expenditure', amountColumns, [
    { name: 'Income' },
    ...reportRows(view.income),
    { name: 'Total income', amount: naira(view.totalIncomeKobo) },
    { name: 'Expenses' },
    ...reportRows(view.expenses),
    { name: 'Total expenses', amount: naira(view.totalExpensesKobo) },
    { name: view.surplusKobo < 0 ? 'Deficit' : 'Surplus', amount: naira(view.surplusKobo) },
  ]);
}

export function balanceSheetFileName(view: BalanceSheetView): string {
  return `balance-sheet-${view.book}-${view.asOf}.xlsx`;
}

export async function writeBalanceSheetWorkbook(view: BalanceSheetView, output: Writable): Promise<void> {
  await writeSheet(output, 'Balance sheet', amountColumns, [
    { name: 'Assets' },
    ...reportRows(view.assets),
    { name: 'Total assets', amount: naira(view.totalAssetsKobo) },
    { name: 'Liabilities' },
    ...reportRows(view.liabilities),
    { name: 'Total liabilities', amount: naira(view.totalLiabilitiesKobo) },
    { name: 'Equity' },
    ...reportRows(view.equity),
    { name: 'Surplus to date', amount: naira(view.surplusToDateKobo) },
    { name: 'Total equity', amount: naira(view.totalEquityKobo) },
    { name: 'Total liabilities and equity', amount: naira(view.totalLiabilitiesKobo + view.totalEquityKobo) },
  ]);
}

export function generalLedgerFileName(view: GeneralLedgerView): string {
  return `general-ledger-${view.account.book}-${view.account.code}-${view.from}-to-${view.to}.xlsx`;
}

export async function writeGeneralLedgerWorkbook(view: GeneralLedgerView, output: Writable): Promise<void> {
  await writeSheet(
    output,
    'General ledger',
    [
      { header: 'Value Date', key: 'valueDate', width: 12, style: { numFmt: DAY_FORMAT } },
      { header: 'Entry', key: 'seq', width: 10 },
      typedTextColumn({ header: 'Narration', key: 'narration', width: 48 }),
      typedTextColumn({ header: 'Member or Loan', key: 'subledger', width: 30 }),
      { header: 'Debit', key: 'debit', ...money() },
      { header: 'Credit', key: 'credit', ...money() },
      { header: 'Balance', key: 'balance', ...money() },
    ],
    [
      { narration: `Opening balance · ${view.account.code} ${view.account.name}`, balance: naira(view.openingKobo) },
      ...view.lines.map((line) => ({
        valueDate: day(line.valueDate),
        seq: line.seq,
        narration: line.narration,
        subledger: line.subledgerName ?? '',
        debit: line.debitKobo ? naira(line.debitKobo) : null,
        credit: line.creditKobo ? naira(line.creditKobo) : null,
        balance: naira(line.balanceKobo),
      })),
      { narration: 'Closing balance', balance: naira(view.closingKobo) },
    ],
  );
}

export function journalFileName(book: string, period: { from?: string | undefined; to?: string | undefined }): string {
  return `journal-${book}${period.from ? `-from-${period.from}` : ''}${period.to ? `-to-${period.to}` : ''}.xlsx`;
}

export async function writeJournalWorkbook(page: JournalPage, output: Writable): Promise<void> {
  await writeSheet(
    output,
    'Journal',
    [
      { header: 'Value Date', key: 'valueDate', width: 12, style: { numFmt: DAY_FORMAT } },
      { header: 'Entry', key: 'seq', width: 10 },
      typedTextColumn({ header: 'Narration', key: 'narration', width: 48 }),
      ...accountColumns,
      typedTextColumn({ header: 'Member or Loan', key: 'subledger', width: 30 }),
      { header: 'Debit', key: 'debit', ...money() },
      { header: 'Credit', key: 'credit', ...money() },
    ],
    page.entries.flatMap((entry) =>
      entry.lines.map((line) => ({
        valueDate: day(entry.valueDate),
        seq: entry.seq,
        narration: entry.narration,
        code: line.code,
        name: line.name,
        subledger: line.subledgerName ?? '',
        debit: line.debitKobo ? naira(line.debitKobo) : null,
        credit: line.creditKobo ? naira(line.creditKobo) : null,
      })),
    ),
  );
}
