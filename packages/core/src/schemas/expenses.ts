import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { MAX_AMOUNT_KOBO, parseNaira } from '../money.ts';
import { isSupportedDate } from '../periods.ts';
import {
  CATEGORY_ICONS,
  DEFAULT_CATEGORY_COLOR,
  DEFAULT_CATEGORY_ICON,
  DEFAULT_PAYMENT_METHOD,
  MAX_CATEGORY_NAME_LENGTH,
  isCategoryIcon,
} from '../categories.ts';
import { DEFAULT_EXPENSE_TIME_FILTER, EXPENSE_TIME_FILTERS } from '../expense-periods.ts';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD } from '../periods.ts';
import { MAX_RECEIPTS_PER_EXPENSE } from '../receipts.ts';

export const MAX_DESCRIPTION_LENGTH = 1000;
export const MAX_TITLE_LENGTH = 200;
export const MAX_PAYMENT_METHOD_LENGTH = 40;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
/** Absent, null and blank all mean "not given". */
const optionalText = z.preprocess((value) => (value === null ? undefined : trimmed(value)), z.string().optional());
const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}


// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

/** SPEC 5 "Category": a name first ('Item name is required'), then colour and icon (defaults SPEC 9). */
export const createCategorySchema = z
  .object({
    name: z.preprocess(trimmed, z.string().default('')),
    color: z.preprocess(trimmed, z.string().default(DEFAULT_CATEGORY_COLOR)),
    icon: z.preprocess(trimmed, z.string().default(DEFAULT_CATEGORY_ICON)),
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!value.name) return fail('name', MESSAGES.itemNameRequired);
    if (value.name.length > MAX_CATEGORY_NAME_LENGTH) return fail('name', MESSAGES.itemNameTooLong);
    if (!/^#[0-9A-Fa-f]{6}$/.test(value.color)) return fail('color', MESSAGES.invalidCategoryColor);
    if (!isCategoryIcon(value.icon)) return fail('icon', MESSAGES.invalidCategoryIcon);
  })
  .transform((value) => ({
    name: value.name,
    color: value.color.toUpperCase(),
    icon: value.icon as (typeof CATEGORY_ICONS)[number],
  }));
export type CreateCategoryInput = z.input<typeof createCategorySchema>;

export const CATEGORY_SORTS = ['name', 'newest'] as const;
export const categoryListQuerySchema = z.object({
  search: z.preprocess(trimmed, z.string().max(MAX_CATEGORY_NAME_LENGTH).default('')),
  sort: z.enum(CATEGORY_SORTS).default('name'),
});

// ---------------------------------------------------------------------------------------------
// Expenses
// ---------------------------------------------------------------------------------------------

/**
 * Create and edit (SPEC 5 "Create expense"): category, amount and date are required
 * ('Please fill in all required fields'); then the amount (≥ 0, ≤ 2 decimals, DECISIONS 11's cap),
 * then the date, then the optional texts. `description` is the form's Description field; `title`
 * is an optional short label kept for the export's Title column (docs/decisions/008-expenses-api.md).
 */
export const expenseInputSchema = z
  .object({
    // Checked by hand below, in the spec's order; the metadata tells the API document what is sent.
    categoryId: z.unknown().optional().meta({ type: 'string', description: "The item's id (required)" }),
    amount: z.unknown().optional().meta({ type: ['string', 'number'], description: 'Naira, at most two decimals, e.g. "2500.00" (required)' }),
    date: z.unknown().optional().meta({ type: 'string', description: 'The day spent, YYYY-MM-DD (required)' }),
    description: optionalText,
    title: optionalText,
    paymentMethod: optionalText,
    /** Receipts uploaded beforehand (issue 14). Absent: unchanged on edit; a list replaces the set. */
    receiptIds: z.unknown().optional().meta({ type: 'array', items: { type: 'string' }, description: 'Receipts uploaded beforehand; absent: unchanged on edit' }),
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    // Every missing field is named at once (the form flags each; docs/decisions/060-every-field-at-once.md).
    const missing = (['categoryId', 'amount', 'date'] as const).filter((field) => isBlank(value[field]));
    for (const field of missing) fail(field, MESSAGES.fillRequiredFields);
    if (missing.length > 0) return;
    if (typeof value.categoryId !== 'string' || !isUuid(value.categoryId.trim())) return fail('categoryId', MESSAGES.categoryNotFound);
    const amountKobo = typeof value.amount === 'string' || typeof value.amount === 'number' ? parseNaira(value.amount) : null;
    if (amountKobo === null) return fail('amount', MESSAGES.invalidExpenseAmount);
    if (amountKobo > MAX_AMOUNT_KOBO) return fail('amount', MESSAGES.expenseAmountTooLarge);
    if (typeof value.date !== 'string' || !isSupportedDate(value.date.trim())) return fail('date', MESSAGES.invalidDate);
    if ((value.description?.length ?? 0) > MAX_DESCRIPTION_LENGTH) return fail('description', MESSAGES.descriptionTooLong);
    if ((value.title?.length ?? 0) > MAX_TITLE_LENGTH) return fail('title', MESSAGES.titleTooLong);
    if ((value.paymentMethod?.length ?? 0) > MAX_PAYMENT_METHOD_LENGTH) return fail('paymentMethod', MESSAGES.paymentMethodTooLong);
    const receiptProblem = receiptIdsProblem(value.receiptIds);
    if (receiptProblem) return fail('receiptIds', receiptProblem);
  })
  .transform((value) => ({
    categoryId: String(value.categoryId).trim().toLowerCase(),
    amountKobo: parseNaira(value.amount as string | number) as number,
    spentOn: String(value.date).trim(),
    description: value.description || null,
    title: value.title || null,
    paymentMethod: value.paymentMethod || DEFAULT_PAYMENT_METHOD,
    ...(Array.isArray(value.receiptIds) ? { receiptIds: [...new Set(value.receiptIds.map((id) => String(id).toLowerCase()))] } : {}),
  }));

/** Null or absent is "not given"; otherwise a list of at most 10 receipt ids (docs/decisions/033-receipts.md). */
function receiptIdsProblem(receiptIds: unknown): string | null {
  if (receiptIds === undefined || receiptIds === null) return null;
  if (!Array.isArray(receiptIds) || !receiptIds.every((id) => typeof id === 'string' && isUuid(id))) return MESSAGES.receiptNotAttachable;
  return new Set(receiptIds).size > MAX_RECEIPTS_PER_EXPENSE ? MESSAGES.tooManyReceipts : null;
}
export type ExpenseInput = z.input<typeof expenseInputSchema>;
export type ExpenseValues = z.output<typeof expenseInputSchema>;

const pageSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE);
const categoryFilter = z
  .string()
  .default('all')
  .refine((value) => value === 'all' || isUuid(value), { message: MESSAGES.categoryNotFound })
  .transform((value) => (value === 'all' ? null : value.toLowerCase()));

/**
 * The list's orders (docs/decisions/032-find-and-scan.md): `entered` (when it was recorded, SPEC 7's
 * order and the default), `date` (the day it was spent) or `amount`, each `desc` (default) or `asc`.
 */
export const EXPENSE_SORTS = ['entered', 'date', 'amount'] as const;
export type ExpenseSort = (typeof EXPENSE_SORTS)[number];
export const SORT_DIRECTIONS = ['desc', 'asc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export const MAX_SEARCH_LENGTH = 200;

/** What the expenses screen shows: its filters, search and order. The export takes the same. */
export const expenseViewQuerySchema = z.object({
  category: categoryFilter,
  time: z.enum(EXPENSE_TIME_FILTERS).default(DEFAULT_EXPENSE_TIME_FILTER),
  /** Search: description, item, creator's name or email, or an exact amount ("2,500" = ₦2,500.00). Blank = none. */
  q: z.preprocess(trimmed, z.string().max(MAX_SEARCH_LENGTH, { message: MESSAGES.searchTooLong }).default('')),
  sort: z.enum(EXPENSE_SORTS).default('entered'),
  dir: z.enum(SORT_DIRECTIONS).default('desc'),
});
export type ExpenseViewQuery = z.output<typeof expenseViewQuerySchema>;

export const expenseListQuerySchema = expenseViewQuerySchema.extend({
  limit: pageSize,
  cursor: z.string().max(400).optional(),
});
export type ExpenseListQuery = z.output<typeof expenseListQuerySchema>;

/** Any id string: one that is not a UUID is simply not found (404), checked by the service. */
export const expenseIdParamsSchema = z.object({ id: z.string().max(100) });

// ---------------------------------------------------------------------------------------------
// Dashboard, report and export
// ---------------------------------------------------------------------------------------------

export const dashboardQuerySchema = z.object({ period: z.enum(DASHBOARD_PERIODS).default(DEFAULT_DASHBOARD_PERIOD) });

/** SPEC 5 "Report": both dates ('Please select both start and end dates'), then end ≥ start. */
function dateRangeSchema(options: { required: boolean }) {
  return z
    .object({ from: z.preprocess(trimmed, z.string().default('')), to: z.preprocess(trimmed, z.string().default('')) })
    .superRefine((value, ctx) => {
      const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (!options.required && !value.from && !value.to) return;
      // Each missing date is named, so the form flags both at once (docs/decisions/060-every-field-at-once.md).
      if (!value.from || !value.to) {
        if (!value.from) fail('from', MESSAGES.selectBothDates);
        if (!value.to) fail('to', MESSAGES.selectBothDates);
        return;
      }
      if (!isSupportedDate(value.from)) fail('from', MESSAGES.invalidDate);
      if (!isSupportedDate(value.to)) return fail('to', MESSAGES.invalidDate);
      if (!isSupportedDate(value.from)) return;
      if (value.to < value.from) return fail('to', MESSAGES.endBeforeStart);
    });
}

export const reportQuerySchema = dateRangeSchema({ required: true });
export type ReportQuery = z.output<typeof reportQuerySchema>;

export const reportRowsQuerySchema = z.intersection(
  reportQuerySchema,
  z.object({ limit: pageSize, cursor: z.string().max(200).optional() }),
);

/** Export: everything the caller may see, or one inclusive date range when both dates are given. */
export const exportQuerySchema = dateRangeSchema({ required: false }).transform((value) =>
  value.from && value.to ? { from: value.from, to: value.to } : null,
);

/** Danger Zone: the browser sends `{ confirm: true }` after the spec's confirmation prompt. */
export const deleteAccountSchema = z.preprocess(
  (value) => value ?? {},
  z.object({ confirm: z.literal(true, { error: MESSAGES.confirmAccountDeletion }) }),
);
