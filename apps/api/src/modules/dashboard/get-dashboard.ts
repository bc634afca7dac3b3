import { sql, type SQL } from 'drizzle-orm';
import { dashboardRange, type DashboardPeriod, type DashboardView, type DateRange } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import type { Actor } from '../../auth/actor.ts';
import { expenseConditions, expenseScopeOf, type ExpenseScope } from '../expense-scope/expense-scope.ts';
import { EXPENSE_VIEW_COLUMNS, EXPENSE_VIEW_FROM, newestFirstBound, toExpenseView, type ExpenseViewRow } from '../expenses/expense-view.ts';
import { koboFromDb } from '../../db/kobo.ts';
import { toCategoryShares, type CategoryTotalRow } from '../expense-scope/category-totals.ts';

export type DashboardDeps = { db: Database; now: () => Date; timeZone: string };

export const TOP_CATEGORIES = 3;
export const RECENT_EXPENSES = 5;

type DashboardRow = CategoryTotalRow & { kind: 'category' | 'bucket'; key: string | null };

/**
 * The Expenses Dashboard (SPEC "Dashboard", DECISIONS 12) for one period, computed in SQL over what
 * the caller may see: one part groups the period's (item, day) cells by category and by chart
 * bucket, a second takes the 5 most recently created. Both go in one statement, which reads one
 * snapshot by itself (so the recent expenses are among those the totals count) in one round trip
 * instead of a read-only transaction's four (begin, two queries, commit): the dashboard is the
 * administrator's first screen (issue 34) and issue 27's year figure.
 */
export async function getDashboard(deps: DashboardDeps, actor: Actor, period: DashboardPeriod): Promise<DashboardView> {
  const scope = expenseScopeOf(actor);
  const range = dashboardRange(period, deps.now(), deps.timeZone);
  const [answer] = await queryRows<{ totals: DashboardRow[]; recent: ExpenseViewRow[] }>(deps.db, dashboardStatement(dashboardQueries(scope, period, range)));
  const rows = answer?.totals ?? [];
  const recentRows = answer?.recent ?? [];
  const { totalKobo, count, shares } = toCategoryShares(rows.filter((row) => row.kind === 'category'));
  return {
    period,
    range,
    totalKobo,
    count,
    topCategories: shares.slice(0, TOP_CATEGORIES),
    distribution: shares,
    recent: recentRows.map(toExpenseView),
    series: {
      unit: period === 'year' ? 'month' : 'day',
      points: rows
        .filter((row) => row.kind === 'bucket')
        .map((row) => ({ key: row.key ?? '', amountKobo: koboFromDb(row.amount) })),
    },
  };
}

/**
 * Both parts as one statement answering one row of two JSON arrays, each in its part's own order
 * (every column either part selects is text or an integer, so JSON carries it unchanged).
 */
function dashboardStatement(queries: { totals: SQL; recent: SQL }): SQL {
  return sql`with totals as (${queries.totals}), recent as (${queries.recent})
    select (select coalesce(json_agg(t order by t.kind desc, t.position), '[]'::json) from totals t) as totals,
           (select coalesce(json_agg(r order by r.created_at_key::timestamptz desc nulls last, r.id desc), '[]'::json) from recent r) as recent`;
}

/** The dashboard's SQL, also timed on its own by the benchmark. */
export function dashboardQueries(scope: ExpenseScope, period: DashboardPeriod, range: DateRange): { totals: SQL; recent: SQL } {
  const where = expenseConditions(scope, { range });
  const byMonth = period === 'year';
  // Month buckets by date arithmetic: date_trunc would round-trip through the session's time zone.
  const bucketOf = (day: SQL) => (byMonth ? sql`(${day} - (extract(day from ${day})::int - 1))` : day);
  const step = byMonth ? sql`interval '1 month'` : sql`interval '1 day'`;
  const keyFormat = byMonth ? 'YYYY-MM' : 'YYYY-MM-DD';
  // Both roll-ups read (item, day) cells: for everyone's expenses the totals the expenses' triggers
  // keep (expense_day_totals, migration 0016), a few thousand rows for a year however many
  // expenses it holds; for one person's own, a scan of their expenses in the range.
  const cells = scope.allUsers
    ? sql`select t.category_id, t.day, sum(t.amount_kobo) as amount, sum(t.expense_count) as n
      from expense_day_totals t where t.day between ${range.from}::date and ${range.to}::date
      group by t.category_id, t.day having sum(t.expense_count) > 0`
    : sql`select e.category_id, e.spent_on as day, sum(e.amount_kobo) as amount, count(*) as n
      from expenses e where ${where}
      group by e.category_id, e.spent_on`;
  const totals = sql`with cells as (${cells}),
    by_category as (select category_id, sum(amount) as amount, sum(n) as n from cells group by category_id),
    by_bucket as (select ${bucketOf(sql`day`)} as bucket, sum(amount) as amount, sum(n) as n from cells group by 1)
    select 'category' as kind, null as key, g.category_id, c.name, c.color, c.icon, g.amount::text as amount, g.n::int as count,
           row_number() over (order by g.amount desc, c.name nulls last, g.category_id) as position
    from by_category g left join categories c on c.id = g.category_id
    union all
    select 'bucket', to_char(d, ${keyFormat}), null, null, null, null, coalesce(g.amount, 0)::text, coalesce(g.n, 0)::int,
           row_number() over (order by d)
    from generate_series(${bucketOf(sql`${range.from}::date`)}, ${range.to}::date, ${step}) d
    left join by_bucket g on g.bucket = d::date
    order by kind desc, position`;
  const recent = sql`select ${EXPENSE_VIEW_COLUMNS} from ${EXPENSE_VIEW_FROM}
    where ${where} and ${newestFirstBound(where, RECENT_EXPENSES)}
    order by e.created_at desc nulls last, e.id desc limit ${RECENT_EXPENSES}`;
  return { totals, recent };
}
