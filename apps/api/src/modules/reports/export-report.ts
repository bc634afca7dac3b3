import type { Writable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { sql, type SQL } from 'drizzle-orm';
import { AppError, UNKNOWN_CATEGORY, type DateRange, type ReportSummary } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { expenseConditions, expenseScopeOf, type ExpenseScope } from '../expense-scope/expense-scope.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { NAIRA_FORMAT, TEXT_FORMAT, nairaCell, typedTextColumn } from '../../spreadsheet/cells.ts';
import { MAX_EXPORT_ROWS } from '../export/prepare-export.ts';
import { getReportSummary, type ReportDeps } from './read-report.ts';

const BATCH_SIZE = 5000;

export type PreparedReportExport = { fileName: string; rowCount: number; writeTo: (output: Writable) => Promise<void> };

/**
 * The report as .xlsx (issue 14): a Summary sheet (range, totals, the breakdown with percentages and
 * budgets) and a Detail sheet (Date, Item, Amount, Description, Created by), over what the caller
 * may see. The summary is computed before a byte is sent, so a refusal is still a JSON answer;
 * the detail streams in keyset batches like the Settings export.
 */
export async function prepareReportExport(deps: ReportDeps, actor: Actor, range: DateRange): Promise<PreparedReportExport> {
  const scope = expenseScopeOf(actor);
  const summary = await getReportSummary(deps, actor, range);
  if (summary.count > MAX_EXPORT_ROWS - 1) throw new AppError('EXPORT_TOO_LARGE');
  return {
    fileName: `report-${range.from}-to-${range.to}.xlsx`,
    rowCount: summary.count,
    writeTo: (output) => writeReportWorkbook(deps, scope, summary, output),
  };
}

async function writeReportWorkbook(deps: ReportDeps, scope: ExpenseScope, summary: ReportSummary, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  writeSummarySheet(workbook.addWorksheet('Summary'), summary);
  const detail = workbook.addWorksheet('Detail');
  detail.columns = [
    { header: 'Date', key: 'date', width: 12, style: { numFmt: 'dd/mm/yyyy' } },
    typedTextColumn({ header: 'Item', key: 'item', width: 22 }),
    { header: 'Amount', key: 'amount', width: 16, style: { numFmt: NAIRA_FORMAT } },
    typedTextColumn({ header: 'Description', key: 'description', width: 40 }),
    typedTextColumn({ header: 'Created by', key: 'createdBy', width: 30 }),
  ];
  let after: DetailRecord | null = null;
  for (;;) {
    const batch: DetailRecord[] = await queryRows<DetailRecord>(deps.db, detailBatchQuery(scope, summary.range, after));
    for (const record of batch) {
      detail
        .addRow({
          date: new Date(`${record.spent_on}T00:00:00Z`),
          item: record.item ?? UNKNOWN_CATEGORY.name,
          amount: nairaCell(koboFromDb(record.amount_kobo)),
          description: record.description ?? null,
          createdBy: record.created_by ?? '',
        })
        .commit();
    }
    const last = batch.at(-1);
    if (!last || batch.length < BATCH_SIZE) break;
    after = last;
    if (output.writableNeedDrain) await once(output, 'drain');
  }
  detail.commit();
  await workbook.commit();
}

type SummaryCell = { value: string | number; numFmt: string } | null;
const text = (value: string): SummaryCell => ({ value, numFmt: TEXT_FORMAT });
const naira = (kobo: number | null): SummaryCell => (kobo === null ? null : { value: nairaCell(kobo), numFmt: NAIRA_FORMAT });
const percent = (value: number | null): SummaryCell => (value === null ? null : { value, numFmt: '0.0' });

function writeSummarySheet(sheet: ExcelJS.Worksheet, summary: ReportSummary): void {
  // Widths only: the sheet mixes the figures block and the breakdown table, so formats go per cell.
  sheet.columns = [{ width: 26 }, { width: 24 }, { width: 10 }, { width: 18 }, { width: 10 }];
  const addRow = (cells: SummaryCell[]) => {
    const row = sheet.addRow(cells.map((cell) => cell?.value ?? null));
    cells.forEach((cell, index) => {
      if (cell) row.getCell(index + 1).numFmt = cell.numFmt;
    });
    if (cells[0]?.value === 'Item' || cells[0]?.value === 'Total') row.font = { bold: true };
    row.commit();
  };
  addRow([text('Report'), text(`${summary.range.from} to ${summary.range.to}`)]);
  addRow([text('Total Expenses'), naira(summary.totalKobo)]);
  addRow([text('Average Daily Expenses'), naira(summary.averageDailyKobo)]);
  addRow([text('Days'), { value: summary.days, numFmt: '0' }]);
  addRow([text('Expenses'), { value: summary.count, numFmt: '0' }]);
  addRow([]);
  addRow([text('Item'), text('Amount'), text('Percent'), text('Budget'), text('Of budget')]);
  const budgets = new Map(summary.budgets.map((budget) => [budget.categoryId, budget]));
  for (const share of summary.breakdown) {
    const budget = share.categoryId ? budgets.get(share.categoryId) : undefined;
    if (share.categoryId) budgets.delete(share.categoryId);
    addRow([text(share.name), naira(share.amountKobo), percent(share.percent), naira(budget?.budgetKobo ?? null), percent(budget?.percent ?? null)]);
  }
  // Budgeted items with nothing spent in the range still show their budget.
  for (const budget of budgets.values()) {
    addRow([text(budget.name), naira(0), percent(0), naira(budget.budgetKobo), percent(0)]);
  }
  addRow([text('Total'), naira(summary.totalKobo), percent(summary.totalKobo > 0 ? 100 : 0)]);
  sheet.commit();
}

type DetailRecord = {
  id: string;
  spent_on: string;
  item: string | null;
  amount_kobo: string;
  description: string | null;
  created_by: string | null;
  created_at_key: string;
};

/** Newest day first, as on the screen; keyset on (day, created_at, id). */
function detailBatchQuery(scope: ExpenseScope, range: DateRange, after: DetailRecord | null): SQL {
  const keyset = after
    ? sql`(e.spent_on, e.created_at, e.id) < (${after.spent_on}::date, ${after.created_at_key}::timestamptz, ${after.id}::uuid)`
    : sql`true`;
  return sql`select e.id, e.spent_on::text as spent_on, c.name as item, e.amount_kobo::text as amount_kobo,
      coalesce(e.description, e.title) as description, coalesce(u.name, e.user_email) as created_by,
      e.created_at::text as created_at_key
    from expenses e left join categories c on c.id = e.category_id left join users u on u.id = e.user_id
    where ${expenseConditions(scope, { range })} and ${keyset}
    order by e.spent_on desc, e.created_at desc, e.id desc
    limit ${BATCH_SIZE}`;
}
