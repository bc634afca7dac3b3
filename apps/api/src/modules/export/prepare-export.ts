import type { Writable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { sql, type SQL } from 'drizzle-orm';
import { AppError, DEFAULT_PAYMENT_METHOD, UNKNOWN_CATEGORY, calendarDate, isUuid, type DateRange } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { expenseConditions, expenseScopeOf, type ExpenseScope } from '../expense-scope/expense-scope.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { NAIRA_FORMAT, nairaCell, typedTextColumn } from '../../spreadsheet/cells.ts';

export type ExportDeps = { db: Database; now: () => Date; timeZone: string };

/** The format's 1,048,576 rows (SPEC 9), less the header row. */
export const MAX_EXPORT_ROWS = 1_048_575;
const BATCH_SIZE = 5000;

/** SPEC 3 "Export row" and SPEC 9's widths; what people typed goes in typed-text columns. */
export const EXPORT_COLUMNS = [
  { header: 'Date', key: 'date', width: 15, style: { numFmt: 'dd/mm/yyyy' } },
  typedTextColumn({ header: 'Title', key: 'title', width: 30 }),
  typedTextColumn({ header: 'Category', key: 'category', width: 20 }),
  { header: 'Amount', key: 'amount', width: 15, style: { numFmt: NAIRA_FORMAT } },
  typedTextColumn({ header: 'Description', key: 'description', width: 40 }),
  typedTextColumn({ header: 'Payment Method', key: 'paymentMethod', width: 15 }),
  { header: 'Created At', key: 'createdAt', width: 15, style: { numFmt: 'dd/mm/yy hh:mm' } },
] as const;

export type PreparedExport = { fileName: string; rowCount: number; writeTo: (output: Writable) => Promise<void> };

/**
 * Checks the export fits a sheet before a byte is sent (a refusal can still be a JSON 422), then
 * streams it: rows are read in keyset batches and committed as they go, so memory stays flat
 * however many rows there are.
 */
export async function prepareExport(
  deps: ExportDeps,
  actor: Actor,
  range: DateRange | null,
  maxRows: number = MAX_EXPORT_ROWS,
): Promise<PreparedExport> {
  const scope = expenseScopeOf(actor);
  const [counted] = await queryRows<{ count: string }>(
    deps.db,
    sql`select count(*)::text as count from expenses e where ${expenseConditions(scope, { range })}`,
  );
  const rowCount = Number(counted?.count ?? 0);
  if (rowCount > maxRows) throw new AppError('EXPORT_TOO_LARGE');
  return {
    fileName: `expenses-${calendarDate(deps.now(), deps.timeZone)}.xlsx`,
    rowCount,
    writeTo: (output) => writeWorkbook(deps, scope, range, output),
  };
}

type ExportRecord = {
  id: string;
  spent_on: string;
  title: string | null;
  category: string | null;
  amount_kobo: string;
  description: string | null;
  payment_method: string | null;
  created_local: string;
  created_at_key: string;
};

async function writeWorkbook(deps: ExportDeps, scope: ExpenseScope, range: DateRange | null, output: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Expenses');
  sheet.columns = EXPORT_COLUMNS.map((column) => ({ ...column, style: { ...column.style } }));
  let cursor: { createdAt: string; id: string } | null = null;
  for (;;) {
    const batch: ExportRecord[] = await queryRows<ExportRecord>(deps.db, exportBatchQuery(scope, range, deps.timeZone, cursor));
    for (const record of batch) sheet.addRow(toSheetRow(record)).commit();
    const last = batch.at(-1);
    if (!last || batch.length < BATCH_SIZE) break;
    cursor = { createdAt: last.created_at_key, id: last.id };
    // Let a slow client drain what is buffered before reading more rows.
    if (output.writableNeedDrain) await once(output, 'drain');
  }
  sheet.commit();
  await workbook.commit();
}

export function exportBatchQuery(
  scope: ExpenseScope,
  range: DateRange | null,
  timeZone: string,
  after: { createdAt: string; id: string } | null,
): SQL {
  if (after && !isUuid(after.id)) throw new Error('bad export cursor');
  const keyset = after
    ? sql`e.created_at <= ${after.createdAt}::timestamptz and (e.created_at < ${after.createdAt}::timestamptz or e.id < ${after.id}::uuid)`
    : sql`true`;
  return sql`select e.id, e.spent_on::text as spent_on, e.title, c.name as category, e.amount_kobo::text as amount_kobo,
      e.description, e.payment_method,
      to_char(e.created_at at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS') as created_local,
      e.created_at::text as created_at_key
    from expenses e left join categories c on c.id = e.category_id
    where ${expenseConditions(scope, { range })} and ${keyset}
    order by e.created_at desc nulls last, e.id desc
    limit ${BATCH_SIZE}`;
}

function toSheetRow(record: ExportRecord) {
  return {
    // Calendar days and the organisation's wall-clock time as Excel serials (a sheet has no zones).
    date: new Date(`${record.spent_on}T00:00:00Z`),
    title: record.title ?? '',
    category: record.category ?? UNKNOWN_CATEGORY.name,
    // The one place money leaves integers: a spreadsheet's number cell holds naira.
    amount: nairaCell(koboFromDb(record.amount_kobo)),
    description: record.description ?? '',
    paymentMethod: record.payment_method || DEFAULT_PAYMENT_METHOD,
    createdAt: new Date(`${record.created_local}Z`),
  };
}
