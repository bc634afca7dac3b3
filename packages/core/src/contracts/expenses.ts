import { z } from 'zod';
import { CATEGORY_ICONS } from '../categories.ts';
import { DASHBOARD_PERIODS } from '../periods.ts';
import { receiptViewSchema } from '../receipts.ts';
import { isoDateSchema, koboSchema, timestampSchema } from '../schemas/answer-parts.ts';
import { budgetWarningSchema, dateRangeSchema, reportBudgetSchema } from './budgets.ts';

/**
 * What the expenses API answers (docs/decisions/008-expenses-api.md): the routes declare these
 * schemas and the screens read the types inferred from them, so both hold one shape (issue 28).
 * Money is integer kobo; dates are ISO strings.
 */

export const categoryViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  icon: z.enum(CATEGORY_ICONS),
  createdAt: timestampSchema,
  /** True while any expense uses it: the screen can say so before trying to delete. */
  hasExpenses: z.boolean(),
});
export type CategoryView = z.infer<typeof categoryViewSchema>;
export const categoryListSchema = z.object({ categories: z.array(categoryViewSchema) });
export const categoryAnswerSchema = z.object({ category: categoryViewSchema });

/** The category of an expense as shown on a card; 'Other' / #95A5A6 when unknown (SPEC 3). */
export const expenseCategoryViewSchema = z.object({ id: z.string().nullable(), name: z.string(), color: z.string(), icon: z.string() });
export type ExpenseCategoryView = z.infer<typeof expenseCategoryViewSchema>;

export const expenseViewSchema = z.object({
  id: z.string(),
  amountKobo: koboSchema,
  /** The calendar day of the expense in APP_TIMEZONE. */
  date: isoDateSchema,
  /** The form's Description. Cards show `description ?? title` (SPEC 3: title "shown as the description"). */
  description: z.string().nullable(),
  title: z.string().nullable(),
  paymentMethod: z.string(),
  category: expenseCategoryViewSchema,
  /** The author; `createdBy` is null when their account is gone: show 'Unknown User'. */
  userId: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  /** How many receipts are attached (issue 14); the card shows a paperclip when any. */
  receiptCount: z.number().int(),
  /** The receipts' metadata: on the single expense (GET /api/expenses/:id), not on list items. */
  receipts: z.array(receiptViewSchema).optional(),
});
export type ExpenseView = z.infer<typeof expenseViewSchema>;

export const expensePageSchema = z.object({
  items: z.array(expenseViewSchema),
  /** Sum and count of the whole filtered set, not only this page. */
  totalKobo: koboSchema,
  count: z.number().int(),
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type ExpensePage = z.infer<typeof expensePageSchema>;

export const categoryShareSchema = z.object({
  categoryId: z.string().nullable(),
  name: z.string(),
  color: z.string(),
  icon: z.string(),
  amountKobo: koboSchema,
  count: z.number().int(),
  /** Of the period's total, to one decimal, from integer kobo. */
  percent: z.number(),
});
export type CategoryShare = z.infer<typeof categoryShareSchema>;

export const dashboardViewSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  range: dateRangeSchema,
  totalKobo: koboSchema,
  count: z.number().int(),
  topCategories: z.array(categoryShareSchema),
  distribution: z.array(categoryShareSchema),
  recent: z.array(expenseViewSchema),
  series: z.object({ unit: z.enum(['day', 'month']), points: z.array(z.object({ key: z.string(), amountKobo: koboSchema })) }),
});
export type DashboardView = z.infer<typeof dashboardViewSchema>;

export const reportSummarySchema = z.object({
  range: dateRangeSchema,
  days: z.number().int(),
  totalKobo: koboSchema,
  averageDailyKobo: koboSchema,
  count: z.number().int(),
  breakdown: z.array(categoryShareSchema),
  /** Issue 14: each budgeted item's budget for the range, where the range stands for whole budget periods. */
  budgets: z.array(reportBudgetSchema),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const reportRowSchema = z.object({
  id: z.string(),
  date: isoDateSchema,
  item: z.string(),
  color: z.string(),
  amountKobo: koboSchema,
  description: z.string().nullable(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportRowsPageSchema = z.object({ rows: z.array(reportRowSchema), nextCursor: z.string().nullable() });
export type ReportRowsPage = z.infer<typeof reportRowsPageSchema>;

/** The organisation's calendar: its time zone and today's date there (GET /api/calendar). */
export const calendarAnswerSchema = z.object({ timeZone: z.string(), today: isoDateSchema });

/** An expense saved, the budget warning it raised (null: none) and the sentence to show (POST and PUT /api/expenses). */
export const savedExpenseAnswerSchema = z.object({ expense: expenseViewSchema, budget: budgetWarningSchema.nullable(), message: z.string() });

/** What GET /api/events streams (as `data:` JSON): refetch the named list. */
export type ChangeEvent = { type: 'categories' | 'expenses' };
