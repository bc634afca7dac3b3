import type { Writable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { AppError, DEFAULT_PAYMENT_METHOD, calendarDate, type ExpenseViewQuery } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { nairaCell } from '../../spreadsheet/cells.ts';
import { EXPORT_COLUMNS, MAX_EXPORT_ROWS, type PreparedExport } from '../export/prepare-export.ts';
import type { ExpenseDeps } from './expense-deps.ts';
import { EXPENSE_VIEW_COLUMNS, EXPENSE_VIEW_FROM, toExpenseView, type ExpenseViewRow } from './expense-view.ts';
import { cursorAfter, listPageQuery } from './expense-list-sql.ts';
import { expenseTotalsQuery, expenseViewConditions } from './read-expenses.ts';

const BATCH_SIZE = 5000;

/**
 * "Export from where you stand" (issue 14): exactly the rows the expenses screen shows for the same
 * filters, search and order, in that order, with the Settings export's columns (SPEC 3). The row
 * count is checked before a byte is sent; rows are then read in keyset batches of the list's own
 * query, so memory stays flat and the file matches the screen row for row.
 */
export async function prepareExpenseViewExport(
  deps: ExpenseDeps,
  actor: Actor,
  query: ExpenseViewQuery,
  maxRows: number = MAX_EXPORT_ROWS,
): Promise<PreparedExport> {
  const where = await expenseViewConditions(deps, actor, query);
  const [totals] = await queryRows<{ count: number }>(deps.db, expenseTotalsQuery(where));
  const rowCount = Number(totals?.count ?? 0);
  if (rowCount > maxRows) throw new AppError('EXPORT_TOO_LARGE');
  // The organisation's wall-clock time comes from PostgreSQL: formatting it per row in JavaScript
  // (a new Intl.DateTimeFormat each) cost 3 of the 4 seconds of a 10,000-row export.
  const columns = sql`${EXPENSE_VIEW_COLUMNS}, to_char(e.created_at at time zone ${deps.timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS') as created_local`;
  return {
    fileName: `expenses-${calendarDate(deps.now(), deps.timeZone)}.xlsx`,
    rowCount,
    writeTo: async (output: Writable) => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
      const sheet = workbook.addWorksheet('Expenses');
      sheet.columns = EXPORT_COLUMNS.map((column) => ({ ...column, style: { ...column.style } }));
      let cursor: string | undefined;
      for (;;) {
        const batch = await queryRows<ExportRow>(deps.db, listPageQuery(columns, EXPENSE_VIEW_FROM, where, query, BATCH_SIZE, cursor, { isScreenPage: false, isSearch: query.q !== '' }));
        for (const row of batch) sheet.addRow(toSheetRow(row)).commit();
        const last = batch.at(-1);
        if (!last || batch.length < BATCH_SIZE) break;
        cursor = cursorAfter(last, query);
        // Let a slow client drain what is buffered before reading more rows.
        if (output.writableNeedDrain) await once(output, 'drain');
      }
      sheet.commit();
      await workbook.commit();
    },
  };
}

type ExportRow = ExpenseViewRow & { created_local: string };

function toSheetRow(row: ExportRow) {
  const view = toExpenseView(row);
  return {
    date: new Date(`${view.date}T00:00:00Z`),
    title: view.title ?? '',
    category: view.category.name,
    amount: nairaCell(koboFromDb(row.amount_kobo)),
    description: view.description ?? '',
    paymentMethod: view.paymentMethod || DEFAULT_PAYMENT_METHOD,
    // A sheet has no time zones: the wall-clock time is written as UTC fields (as wallClockCell does).
    createdAt: new Date(`${row.created_local}Z`),
  };
}
