import { sql } from 'drizzle-orm';
import { budgetLevel, budgetPercent, currentBudgetPeriod, UNKNOWN_CATEGORY, type BudgetPeriod, type BudgetView } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';
import type { BudgetDeps } from './budget-deps.ts';

type BudgetRow = { category_id: string; name: string | null; color: string | null; period: BudgetPeriod; amount_kobo: string; spent: string };

/**
 * Every budget with what the whole organisation spent on its item in the period in progress (the
 * calendar month or year of today in APP_TIMEZONE). Organisation-wide on purpose: a budget is the
 * organisation's, so it is measured against everyone's expenses, whoever asks.
 */
export async function listBudgets(deps: BudgetDeps): Promise<BudgetView[]> {
  const month = currentBudgetPeriod('month', deps.now(), deps.timeZone);
  const year = currentBudgetPeriod('year', deps.now(), deps.timeZone);
  const rows = await queryRows<BudgetRow>(
    deps.db,
    sql`select b.category_id, c.name, c.color, b.period, b.amount_kobo::text as amount_kobo,
          coalesce((select sum(e.amount_kobo) from expenses e
            where e.category_id = b.category_id
              and e.spent_on between (case when b.period = 'month' then ${month.from} else ${year.from} end)::date
                                 and (case when b.period = 'month' then ${month.to} else ${year.to} end)::date), 0)::text as spent
        from category_budgets b left join categories c on c.id = b.category_id
        order by lower(c.name), b.category_id`,
  );
  return rows.map((row) => {
    const amountKobo = koboFromDb(row.amount_kobo);
    const spentKobo = koboFromDb(row.spent);
    return {
      categoryId: row.category_id,
      name: row.name ?? UNKNOWN_CATEGORY.name,
      color: row.color ?? UNKNOWN_CATEGORY.color,
      period: row.period,
      amountKobo,
      range: row.period === 'month' ? month : year,
      spentKobo,
      percent: budgetPercent(spentKobo, amountKobo),
      level: budgetLevel(spentKobo, amountKobo),
    } satisfies BudgetView;
  });
}
