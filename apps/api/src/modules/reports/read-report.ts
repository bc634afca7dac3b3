import { sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  UNKNOWN_CATEGORY,
  averagePerDay,
  daysInRange,
  isUuid,
  type DateRange,
  type ReportRow,
  type ReportRowsPage,
  type ReportSummary,
} from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import { readSnapshot } from '../../db/read-snapshot.ts';
import type { Actor } from '../../auth/actor.ts';
import { expenseConditions, expenseScopeOf, type ExpenseScope } from '../expense-scope/expense-scope.ts';
import { decodeCursor, encodeCursor } from '../expenses/expense-view.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { categoryTotalsQuery, toCategoryShares, type CategoryTotalRow } from '../expense-scope/category-totals.ts';
import { reportBudgets } from './report-budgets.ts';
export type ReportDeps = { db: Database; now: () => Date; timeZone: string };

/**
 * SPEC "Report": total, average daily expenses (total ÷ days in the inclusive range, rounded once
 * to whole kobo) and the breakdown by item, over whole calendar days in APP_TIMEZONE (spent_on is
 * already such a day). The Date / Item / Amount rows come from reportRows, a page at a time. The
 * breakdown and the budgets' actuals read one snapshot (read-snapshot.ts), so they agree.
 */
export async function getReportSummary(deps: ReportDeps, actor: Actor, range: DateRange): Promise<ReportSummary> {
  const { rows, budgets } = await readSnapshot(deps.db, async (tx) => ({
    rows: await queryRows<CategoryTotalRow>(tx, reportSummaryQuery(expenseScopeOf(actor), range)),
    budgets: await reportBudgets({ ...deps, db: tx }, expenseScopeOf(actor), range),
  }));
  const { totalKobo, count, shares } = toCategoryShares(rows);
  const days = daysInRange(range);
  return { range, days, totalKobo, averageDailyKobo: averagePerDay(totalKobo, days), count, breakdown: shares, budgets };
}

export function reportSummaryQuery(scope: ExpenseScope, range: DateRange): SQL {
  return categoryTotalsQuery(expenseConditions(scope, { range }));
}

type ReportRowRecord = {
  id: string;
  spent_on: string;
  name: string | null;
  color: string | null;
  amount_kobo: string;
  description: string | null;
  created_at_key: string;
};

/** Newest day first (SPEC 7: the report reads by date descending); keyset paging on (day, created_at, id). */
export async function getReportRows(
  deps: ReportDeps,
  actor: Actor,
  query: DateRange & { limit: number; cursor?: string | undefined },
): Promise<ReportRowsPage> {
  const records = await queryRows<ReportRowRecord>(deps.db, reportRowsQuery(expenseScopeOf(actor), query, query.limit + 1, query.cursor));
  const hasMore = records.length > query.limit;
  const page = records.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rows: page.map(toReportRow),
    nextCursor: hasMore && last ? encodeCursor([last.spent_on, last.created_at_key, last.id]) : null,
  };
}

export function reportRowsQuery(scope: ExpenseScope, range: DateRange, limit: number, cursor?: string): SQL {
  const after = cursor ? rowsAfter(cursor) : sql`true`;
  return sql`select e.id, e.spent_on::text as spent_on, c.name, c.color, e.amount_kobo::text as amount_kobo,
      coalesce(e.description, e.title) as description, e.created_at::text as created_at_key
    from expenses e left join categories c on c.id = e.category_id
    where ${expenseConditions(scope, { range })} and ${after}
    order by e.spent_on desc, e.created_at desc nulls last, e.id desc
    limit ${limit}`;
}

function rowsAfter(cursor: string): SQL {
  const [day = '', createdAt = '', id = ''] = decodeCursor(cursor, 3);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{4}-\d{2}-\d{2} [\d:.+-]+$/.test(createdAt) || !isUuid(id)) {
    throw new AppError('VALIDATION', { field: 'cursor' });
  }
  return sql`e.spent_on <= ${day}::date
    and (e.spent_on < ${day}::date or (e.created_at, e.id) < (${createdAt}::timestamptz, ${id}::uuid))`;
}

function toReportRow(record: ReportRowRecord): ReportRow {
  return {
    id: record.id,
    date: record.spent_on,
    item: record.name ?? UNKNOWN_CATEGORY.name,
    color: record.name === null ? UNKNOWN_CATEGORY.color : (record.color ?? UNKNOWN_CATEGORY.color),
    amountKobo: koboFromDb(record.amount_kobo),
    description: record.description,
  };
}
