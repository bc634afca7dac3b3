import { z } from 'zod';
import { BUDGET_PERIODS } from '../budgets.ts';
import { isoDateSchema, koboSchema } from '../schemas/answer-parts.ts';

/** A calendar range, first and last day inclusive. */
export const dateRangeSchema = z.object({ from: isoDateSchema, to: isoDateSchema });

/** The warning levels: spent reached 80% or 100% of the budget. */
const budgetLevelSchema = z.enum(['80', '100']);

/** A category's budget with what was spent in the period in progress (GET /api/budgets). */
export const budgetViewSchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  color: z.string(),
  period: z.enum(BUDGET_PERIODS),
  amountKobo: koboSchema,
  range: dateRangeSchema,
  spentKobo: koboSchema,
  /** Spent of budget, one decimal; may pass 100. */
  percent: z.number(),
  level: budgetLevelSchema.nullable(),
});
export type BudgetView = z.infer<typeof budgetViewSchema>;

export const budgetListSchema = z.object({ budgets: z.array(budgetViewSchema) });
export type BudgetList = z.infer<typeof budgetListSchema>;
/** PUT /api/budgets/:categoryId: the budget as it now stands, and the sentence to show. */
export const budgetSavedSchema = z.object({ budget: budgetViewSchema.optional(), message: z.string() });

/**
 * Sent with a saved expense (POST/PUT /api/expenses → `budget`) when that expense took its
 * category's budget past 80% or 100% for the period the expense's date falls in; null otherwise.
 */
export const budgetWarningSchema = z.object({
  categoryId: z.string(),
  category: z.string(),
  period: z.enum(BUDGET_PERIODS),
  range: dateRangeSchema,
  spentKobo: koboSchema,
  budgetKobo: koboSchema,
  percent: z.number(),
  level: budgetLevelSchema,
});
export type BudgetWarning = z.infer<typeof budgetWarningSchema>;

/** A report breakdown line's budget: the category's budget × the periods the range stands for. */
export const reportBudgetSchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  color: z.string(),
  period: z.enum(BUDGET_PERIODS),
  /** How many whole budget periods the range stands for (budgetPeriodsCovered). */
  periods: z.number().int(),
  budgetKobo: koboSchema,
  /** What the report's range spent on the item. */
  actualKobo: koboSchema,
  /** Actual of budget, one decimal; may pass 100. */
  percent: z.number(),
});
export type ReportBudget = z.infer<typeof reportBudgetSchema>;
