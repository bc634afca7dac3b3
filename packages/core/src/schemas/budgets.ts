import { z } from 'zod';
import { BUDGET_PERIODS } from '../budgets.ts';
import { MESSAGES } from '../messages.ts';
import { MAX_AMOUNT_KOBO, parseNaira } from '../money.ts';
import { isUuid } from './expenses.ts';

/**
 * PUT /api/budgets/:categoryId: the period and the amount in naira, as the expense form's money
 * strings ('150000', '150,000.50'). A budget is more than zero (zero is "no budget": remove it).
 */
export const budgetInputSchema = z
  .object({ period: z.unknown().optional(), amount: z.unknown().optional() })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!BUDGET_PERIODS.some((period) => period === value.period)) return fail('period', MESSAGES.budgetPeriodRequired);
    const amountKobo = typeof value.amount === 'string' || typeof value.amount === 'number' ? parseNaira(value.amount) : null;
    if (amountKobo === null || amountKobo <= 0) return fail('amount', MESSAGES.invalidBudgetAmount);
    if (amountKobo > MAX_AMOUNT_KOBO) return fail('amount', MESSAGES.expenseAmountTooLarge);
  })
  .transform((value) => ({
    period: value.period as (typeof BUDGET_PERIODS)[number],
    amountKobo: parseNaira(value.amount as string | number) as number,
  }));
export type BudgetInput = z.input<typeof budgetInputSchema>;
export type BudgetValues = z.output<typeof budgetInputSchema>;

/** Any string: one that is not a category's UUID is simply not found (404). */
export const budgetParamsSchema = z.object({ categoryId: z.string().max(100) });

export function isBudgetCategoryId(value: string): boolean {
  return isUuid(value);
}
