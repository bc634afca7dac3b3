import { sql } from 'drizzle-orm';
import { budgetCrossing, budgetPercent, budgetPeriodOf, type BudgetPeriod, type BudgetWarning, type IsoDate } from '@kobo/core';
import { queryRows, type Transaction } from '../../db/client.ts';
import { koboFromDb } from '../../db/kobo.ts';

/** An expense's place in a budget: its item, its day and its amount. */
export type BudgetedAmount = { categoryId: string; spentOn: IsoDate; amountKobo: number };

type BudgetSpentRow = { name: string; period: BudgetPeriod; amount_kobo: string; from: string; to: string; spent: string };

/**
 * Called inside the expense's own transaction, after its insert or update, so `spent` includes it.
 * Warns only when this change crossed 80% or 100% of the item's budget for the period the
 * expense's date falls in: `before` is spent without this expense as saved now, plus what it held
 * before an edit when that was the same item and period.
 */
export async function budgetWarningAfter(tx: Transaction, saved: BudgetedAmount, previous: BudgetedAmount | null): Promise<BudgetWarning | null> {
  const [budget] = await queryRows<{ period: BudgetPeriod }>(tx, sql`select period from category_budgets where category_id = ${saved.categoryId}`);
  if (!budget) return null;
  const range = budgetPeriodOf(budget.period, saved.spentOn);
  const [row] = await queryRows<BudgetSpentRow>(
    tx,
    sql`select c.name, b.period, b.amount_kobo::text as amount_kobo,
          coalesce((select sum(e.amount_kobo) from expenses e
            where e.category_id = b.category_id and e.spent_on between ${range.from}::date and ${range.to}::date), 0)::text as spent
        from category_budgets b join categories c on c.id = b.category_id
        where b.category_id = ${saved.categoryId}`,
  );
  if (!row) return null;
  const budgetKobo = koboFromDb(row.amount_kobo);
  const spentKobo = koboFromDb(row.spent);
  const wasInSamePeriod =
    previous !== null && previous.categoryId === saved.categoryId && previous.spentOn >= range.from && previous.spentOn <= range.to;
  const beforeKobo = spentKobo - saved.amountKobo + (wasInSamePeriod ? previous.amountKobo : 0);
  const level = budgetCrossing(beforeKobo, spentKobo, budgetKobo);
  if (!level) return null;
  return {
    categoryId: saved.categoryId,
    category: row.name,
    period: row.period,
    range,
    spentKobo,
    budgetKobo,
    percent: budgetPercent(spentKobo, budgetKobo),
    level,
  };
}
