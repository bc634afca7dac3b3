import { sql } from 'drizzle-orm';
import { UNKNOWN_CATEGORY, budgetPercent, budgetPeriodsCovered, calendarDate, type BudgetPeriod, type DateRange, type ReportBudget } from '@kobo/core';
import { queryRows, type Database, type Transaction } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import type { ExpenseScope } from '../expense-scope/expense-scope.ts';
import { expenseConditions } from '../expense-scope/expense-scope.ts';

type BudgetRow = { category_id: string; name: string | null; color: string | null; period: BudgetPeriod; amount_kobo: string; actual: string };

/**
 * Budget beside actual for a report range (docs/decisions/034-budgets-and-report-export.md): each
 * budget × the whole periods the range stands for; an item whose periods the range only cuts is
 * left out rather than given a pro-rated budget nobody set.
 */
export async function reportBudgets(
  deps: { db: Database | Transaction; now: () => Date; timeZone: string },
  scope: ExpenseScope,
  range: DateRange,
): Promise<ReportBudget[]> {
  const today = calendarDate(deps.now(), deps.timeZone);
  const rows = await queryRows<BudgetRow>(
    deps.db,
    sql`select b.category_id, c.name, c.color, b.period, b.amount_kobo::text as amount_kobo,
          coalesce((select sum(e.amount_kobo) from expenses e
            where e.category_id = b.category_id and ${expenseConditions(scope, { range })}), 0)::text as actual
        from category_budgets b left join categories c on c.id = b.category_id
        order by lower(c.name), b.category_id`,
  );
  return rows.flatMap((row) => {
    const periods = budgetPeriodsCovered(row.period, range, today);
    if (periods === 0) return [];
    const product = BigInt(row.amount_kobo) * BigInt(periods);
    // Centuries of a huge budget pass what Kobo counts exactly: such a line is left out, not rounded.
    if (product > BigInt(Number.MAX_SAFE_INTEGER)) return [];
    const budgetKobo = koboFromDb(product);
    const actualKobo = koboFromDb(row.actual);
    return [
      {
        categoryId: row.category_id,
        name: row.name ?? UNKNOWN_CATEGORY.name,
        color: row.color ?? UNKNOWN_CATEGORY.color,
        period: row.period,
        periods,
        budgetKobo,
        actualKobo,
        percent: budgetPercent(actualKobo, budgetKobo),
      },
    ];
  });
}
