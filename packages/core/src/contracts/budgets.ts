import type { BudgetLevel, BudgetPeriod } from '../budgets.ts';
import type { Kobo } from '../money.ts';
import type { DateRange } from '../periods.ts';

/** A category's budget with what was spent in the period in progress (GET /api/budgets). */
export type BudgetView = {
  categoryId: string;
  name: string;
  color: string;
  period: BudgetPeriod;
  amountKobo: Kobo;
  range: DateRange;
  spentKobo: Kobo;
  /** Spent of budget, one decimal; may pass 100. */
  percent: number;
  level: BudgetLevel | null;
};

export type BudgetList = { budgets: BudgetView[] };

/**
 * Sent with a saved expense (POST/PUT /api/expenses → `budget`) when that expense took its
 * category's budget past 80% or 100% for the period the expense's date falls in; null otherwise.
 */
export type BudgetWarning = {
  categoryId: string;
  category: string;
  period: BudgetPeriod;
  range: DateRange;
  spentKobo: Kobo;
  budgetKobo: Kobo;
  percent: number;
  level: BudgetLevel;
};

/** A report breakdown line's budget: the category's budget × the periods the range stands for. */
export type ReportBudget = {
  categoryId: string;
  name: string;
  color: string;
  period: BudgetPeriod;
  /** How many whole budget periods the range stands for (budgetPeriodsCovered). */
  periods: number;
  budgetKobo: Kobo;
  /** What the report's range spent on the item. */
  actualKobo: Kobo;
  /** Actual of budget, one decimal; may pass 100. */
  percent: number;
};
