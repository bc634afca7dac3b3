import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { MAX_AMOUNT_KOBO, parseNaira, type Kobo } from './money.ts';
import { isSupportedDate } from './periods.ts';
import { isPayrollMonth } from './value-dates.ts';
import type { BatchRowType } from './contracts/batches.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from './savings-products/products.ts';

/** The monthly run's rules that both the screen and the server apply (issue 11). */
export const MAX_BATCH_ROWS = 50_000;
export const MAX_BATCH_FILE_BYTES = 5 * 1024 * 1024;
const MAX_TEXT = 500;
const MAX_REF = 200;

/** A row's type as payroll writes it: blank is a deposit; any capitalisation of the two words. */
export function batchRowType(value: string | null | undefined): BatchRowType | null {
  const type = (value ?? '').trim().toLowerCase();
  if (type === '' || type === 'deposit') return 'deposit';
  if (type === 'withdrawal') return 'withdrawal';
  return null;
}

const isBlank = (value: string | number | null | undefined) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * A row's loan repayment (issue 12) in kobo: 0 when blank or zero (no repayment this month), or
 * the sentence that says what is wrong with it.
 */
export function batchRowRepayment(value: string | number | null | undefined): { kobo: Kobo } | { problem: string } {
  if (isBlank(value)) return { kobo: 0 as Kobo };
  const kobo = parseNaira(value as string | number);
  if (kobo === null || kobo > MAX_AMOUNT_KOBO) return { problem: MESSAGES.enterValidRepayment };
  return { kobo };
}

/** Issue 34: '-50', '−50', '₦-50', '(50)' or -50, which payroll's sheet may hold, and which the review names as negative. */
function isNegative(value: string | number | null | undefined): boolean {
  if (typeof value === 'number') return value < 0;
  const text = String(value ?? '').trim().replace(/^₦\s*/, '');
  return /^[-−]\s*₦?\s*\d/.test(text) || /^\(\s*₦?\s*[\d,.]+\s*\)$/.test(text);
}

/**
 * A row's savings amount in kobo, or the sentence that says what is wrong with it. A row that
 * carries a loan repayment may leave its savings amount blank or zero: no contribution this month.
 */
export function batchRowAmount(value: string | number, options: { repaying?: boolean } = {}): { kobo: Kobo } | { problem: string } {
  if (options.repaying && (isBlank(value) || parseNaira(value) === 0)) return { kobo: 0 as Kobo };
  if (isNegative(value)) return { problem: MESSAGES.rowNegativeAmount };
  const kobo = parseNaira(value);
  if (kobo === null || kobo > MAX_AMOUNT_KOBO) return { problem: MESSAGES.enterValidAmount };
  if (kobo === 0) return { problem: MESSAGES.rowZeroAmount };
  return { kobo };
}

/**
 * A row's amount for a savings product other than ordinary savings (issue 29) in kobo: 0 when blank
 * or zero (nothing to that product this month), or the sentence that says what is wrong with it.
 */
export function batchCellAmount(value: string | number | null | undefined): { kobo: Kobo } | { problem: string } {
  if (isBlank(value)) return { kobo: 0 as Kobo };
  if (isNegative(value)) return { problem: MESSAGES.rowNegativeAmount };
  const kobo = parseNaira(value as string | number);
  if (kobo === null || kobo > MAX_AMOUNT_KOBO) return { problem: MESSAGES.enterValidAmount };
  return { kobo };
}

/** 'This batch was already posted on 28 Nov 2026 by Ada Obi' (issue 11's words). */
export function batchAlreadyPostedMessage(postedAt: Date, postedByName: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(postedAt);
  return `This batch was already posted on ${day} by ${postedByName}`;
}

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const optionalText = (max: number) => z.preprocess(trimmed, z.string().max(max).nullish());

/** Issue 29: the most savings columns a run carries besides ordinary savings. */
export const MAX_RUN_PRODUCTS = 20;

const batchRowSchema = z.object({
  ref: z.preprocess(trimmed, z.string().max(MAX_REF)),
  amount: z.union([z.string().max(100), z.number()]),
  description: optionalText(MAX_TEXT),
  type: optionalText(40),
  loanRepayment: z.union([z.string().max(100), z.number()]).nullish(),
  products: z
    .record(z.string().max(100), z.union([z.string().max(100), z.number()]).nullish())
    .refine((products) => Object.keys(products).length <= MAX_RUN_PRODUCTS)
    .nullish(),
  /** Issue 34: the spreadsheet's own row number, kept through the review (schemas/batches.ts). */
  sourceRow: z.number().int().positive().max(1_048_576).nullish(),
});

/** A row's product cells without the blank ones (issue 29). */
function filledCells(products: Record<string, string | number | null | undefined> | null | undefined): Record<string, string | number> {
  return Object.fromEntries(Object.entries(products ?? {}).filter((entry): entry is [string, string | number] => !isBlank(entry[1])));
}

/**
 * The monthly run's sentences about its savings columns (issue 29), each naming the column or the
 * product: a file's column that is no product, a product that takes no contributions, a cell's problem.
 */
export const RUN_COLUMN_MESSAGES = {
  notAProduct: (heading: string) =>
    `The column "${heading}" is not a savings product that takes contributions. Name each savings column as its product is named under Settings, or remove the column.`,
  /** A fixed deposit: it takes money only when it is opened. */
  takesNoContributions: (productName: string) => `${productName} takes no monthly contributions`,
  columnTakesNoContributions: (productName: string, why: string) => `The column "${productName}": ${why}. Remove the column.`,
  twice: (heading: string) => `The column "${heading}" appears twice. Keep one.`,
  cell: (productName: string, problem: string) => `${productName}: ${problem}`,
  /** A withdrawal the run leaves to the member's savings page, where the early penalty is shown. */
  withdrawEarlyOnPage: (notice: string) => `${notice}. Withdraw it from the member's savings page.`,
} as const;

/** A batch to review or post. Row-level problems are not schema errors: the review names them per row. */
export const batchDraftSchema = z
  .object({
    month: z.unknown(),
    valueDate: optionalText(10),
    description: optionalText(MAX_TEXT),
    rows: z.array(batchRowSchema).max(MAX_BATCH_ROWS, MESSAGES.batchTooManyRows),
    fileHash: z.preprocess(trimmed, z.string().regex(/^[0-9a-f]{64}$/).nullish()),
    fileName: optionalText(MAX_TEXT),
    repeatReason: optionalText(MAX_TEXT),
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!isPayrollMonth(value.month)) return fail('month', MESSAGES.chooseMonth);
    if (value.valueDate && !isSupportedDate(value.valueDate)) return fail('valueDate', MESSAGES.invalidDate);
    if (value.rows.length === 0) return fail('rows', MESSAGES.batchEmpty);
  })
  .transform((value) => ({
    month: value.month as string,
    valueDate: value.valueDate || null,
    description: value.description || null,
    rows: value.rows.map((row) => {
      const { [ORDINARY_SAVINGS_PRODUCT_ID]: ordinary, ...products } = filledCells(row.products);
      // Ordinary savings is the row's amount; a cell keyed by its id stands in for a blank amount.
      const amountFromCell = ordinary !== undefined && isBlank(row.amount);
      return {
        ref: row.ref,
        amount: amountFromCell ? ordinary : row.amount,
        description: row.description || null,
        type: row.type || null,
        loanRepayment: isBlank(row.loanRepayment) ? null : (row.loanRepayment as string | number),
        products: ordinary === undefined || amountFromCell ? products : { ...products, [ORDINARY_SAVINGS_PRODUCT_ID]: ordinary },
        sourceRow: row.sourceRow ?? null,
      };
    }),
    fileHash: value.fileHash || null,
    fileName: value.fileName || null,
    repeatReason: value.repeatReason || null,
  }));
export type BatchDraftInput = z.input<typeof batchDraftSchema>;
export type ParsedBatchDraft = z.output<typeof batchDraftSchema>;

/**
 * Standing monthly contributions, set for one holder or many at once. ₦0 means none. Issue 29: each
 * to a product (productId; blank means ordinary savings).
 */
export const contributionsSchema = z.object({
  contributions: z
    .array(
      z.object({
        userId: z.string().min(1).max(MAX_REF),
        amount: z.union([z.string().max(100), z.number()]),
        productId: z.string().max(100).nullish(),
      }),
    )
    .min(1)
    .max(MAX_BATCH_ROWS),
}).superRefine((value, ctx) => {
  value.contributions.forEach((entry, index) => {
    const kobo = parseNaira(entry.amount);
    if (kobo === null || kobo > MAX_AMOUNT_KOBO) ctx.addIssue({ code: 'custom', path: ['contributions', index, 'amount'], message: MESSAGES.enterValidAmount });
  });
}).transform((value) =>
  value.contributions.map((entry) => ({ userId: entry.userId, amountKobo: parseNaira(entry.amount) as Kobo, productId: entry.productId || ORDINARY_SAVINGS_PRODUCT_ID })),
);
