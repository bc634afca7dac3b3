import { z } from 'zod';
import { MAX_AMOUNT_KOBO } from '../money.ts';
import { MESSAGES } from '../messages.ts';
import { isoDateSchema, koboSchema, signedKoboSchema, timestampSchema } from '../schemas/answer-parts.ts';
import { MAX_WITHHOLDING_TAX_BP } from './distribution.ts';
import { MAX_YEAR_END_RATE_BP, SAVINGS_INTEREST_METHODS, SHARE_DIVIDEND_METHODS } from './methods.ts';

/**
 * The year-end run's API shapes (issue 31, docs/decisions/049-year-end-run.md): the routes' input
 * and answers; the screens' types are inferred from them. Money is integer kobo; rates are basis
 * points (200 = 2%). A year is named by the calendar year it starts in (2026 → from 2026-MM-01).
 */

const amountKoboInput = z.number().int().min(0).max(MAX_AMOUNT_KOBO);
const basisPoints = (max: number) => z.number().int().min(0).max(max);
const yearNumber = z.number().int().min(2000).max(2999);

// ---- Settings --------------------------------------------------------------------------------
/** GET/PUT /api/year-end/settings. */
export const yearEndSettingsSchema = z.object({
  /** The financial year's first month, 1 (January) to 12. */
  firstMonth: z.number().int().min(1).max(12),
  /** The by-laws' least reserve, in basis points of the surplus (2500 = 25%). */
  reservePercentBp: basisPoints(10_000),
  /** Withholding tax taken from each member's gross (0 = none). */
  withholdingTaxBp: basisPoints(MAX_WITHHOLDING_TAX_BP),
});

// ---- The year and its surplus ----------------------------------------------------------------
/** ?year=2026, and /years/:year. */
export const yearEndYearQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2999) });

export const surplusAccountSchema = z.object({
  accountId: z.string(),
  code: z.string(),
  name: z.string(),
  /** Income: credits less debits; expenditure: debits less credits (over the year). */
  amountKobo: signedKoboSchema,
});
/** GET /api/year-end/surplus?year=2026: the scheme book's income and expenditure over the year. */
export const yearEndSurplusSchema = z.object({
  year: z.number().int(),
  from: isoDateSchema,
  to: isoDateSchema,
  income: z.array(surplusAccountSchema),
  expenditure: z.array(surplusAccountSchema),
  incomeKobo: signedKoboSchema,
  expenditureKobo: signedKoboSchema,
  /** Income less expenditure; below 0 is a deficit. */
  surplusKobo: signedKoboSchema,
});

// ---- The run (a proposal) --------------------------------------------------------------------
export const yearEndDividendInputSchema = z.object({ rateBp: basisPoints(MAX_YEAR_END_RATE_BP), method: z.enum(SHARE_DIVIDEND_METHODS) });
export const yearEndInterestInputSchema = z.object({
  productId: z.string().uuid(),
  rateBp: basisPoints(MAX_YEAR_END_RATE_BP),
  method: z.enum(SAVINGS_INTEREST_METHODS),
});
/**
 * POST /api/year-end/runs, PUT /api/year-end/runs/:id (a draft), and POST /api/year-end/appropriation
 * (the same figures worked out, nothing saved: the form's amounts as the rate is typed). The dividend's
 * and each interest's amount is what the rate gives; carried forward is the rest.
 */
export const yearEndRunInputSchema = z.object({
  year: yearNumber,
  reserveKobo: amountKoboInput,
  dividend: yearEndDividendInputSchema,
  /** One per savings product (not shares) that pays interest; a product absent pays none. */
  interest: z
    .array(yearEndInterestInputSchema)
    .max(50)
    .refine((items) => new Set(items.map((item) => item.productId)).size === items.length, { message: MESSAGES.yearEndProductTwice }),
  educationFundKobo: amountKoboInput,
  welfareFundKobo: amountKoboInput,
});

export const YEAR_END_RUN_STATUSES = ['draft', 'approved', 'posted', 'reversed'] as const;
export type YearEndRunStatus = (typeof YEAR_END_RUN_STATUSES)[number];

/** A sentence beside a field: 'reserveKobo', 'dividendKobo', 'savingsInterestKobo.<product id>', 'carriedForwardKobo'… */
export const appropriationProblemSchema = z.object({ field: z.string(), message: z.string() });

export const yearEndDividendSchema = yearEndDividendInputSchema.extend({
  /** What the rate gives: the members' exact gross summed, rounded half up once. */
  amountKobo: koboSchema,
  memberCount: z.number().int(),
});
export const yearEndInterestSchema = yearEndInterestInputSchema.extend({
  productName: z.string(),
  amountKobo: koboSchema,
  memberCount: z.number().int(),
});

/** The figures of a proposal, worked out: what POST /api/year-end/appropriation answers. */
export const yearEndAppropriationSchema = z.object({
  year: z.number().int(),
  from: isoDateSchema,
  to: isoDateSchema,
  surplusKobo: signedKoboSchema,
  reservePercentBp: z.number().int(),
  /** The by-laws' least reserve, rounded up to the kobo. */
  minimumReserveKobo: koboSchema,
  withholdingTaxBp: z.number().int(),
  reserveKobo: koboSchema,
  dividend: yearEndDividendSchema,
  interest: z.array(yearEndInterestSchema),
  educationFundKobo: koboSchema,
  welfareFundKobo: koboSchema,
  /** The surplus less every other part; below 0 when the proposal distributes too much. */
  carriedForwardKobo: signedKoboSchema,
  /** Empty when the proposal may go to the vote. */
  problems: z.array(appropriationProblemSchema),
});

/** A run as GET /api/year-end/runs/:id and every write answer it. */
export const yearEndRunSchema = yearEndAppropriationSchema.extend({
  id: z.string(),
  status: z.enum(YEAR_END_RUN_STATUSES),
  createdByName: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  approvedByName: z.string().nullable(),
  approvedAt: timestampSchema.nullable(),
  postedByName: z.string().nullable(),
  postedAt: timestampSchema.nullable(),
  /** The savings batch (kind 'year_end') that paid the members, once posted. */
  batchId: z.string().nullable(),
  reversedByName: z.string().nullable(),
  reversedAt: timestampSchema.nullable(),
  reversalReason: z.string().nullable(),
});
export const yearEndRunListSchema = z.object({ runs: z.array(yearEndRunSchema) });

// ---- The preview -----------------------------------------------------------------------------
/** 'dividend', or 'interest:<product id>'. */
export const yearEndPartKeySchema = z.string();

export const yearEndLineSchema = z.object({
  userId: z.string(),
  name: z.string(),
  staffId: z.string().nullable(),
  part: yearEndPartKeySchema,
  /** 'Dividend on shares' or the product's name. */
  label: z.string(),
  method: z.enum([...SAVINGS_INTEREST_METHODS, ...SHARE_DIVIDEND_METHODS]),
  rateBp: z.number().int(),
  /** The balance the rate applies to, rounded half up to the kobo (for reading; the gross is from the exact one). */
  basisKobo: koboSchema,
  grossKobo: koboSchema,
  taxKobo: koboSchema,
  netKobo: koboSchema,
  /** The member's account the net is paid into, and its product; null for a dividend to a member with no ordinary account yet (approval opens it). */
  accountId: z.string().nullable(),
  toProductName: z.string(),
});
export const yearEndPartTotalSchema = z.object({
  part: yearEndPartKeySchema,
  label: z.string(),
  memberCount: z.number().int(),
  /** The amount voted. Σ net + tax + rounding = appropriated, to the kobo. */
  appropriatedKobo: koboSchema,
  grossKobo: koboSchema,
  taxKobo: koboSchema,
  netKobo: koboSchema,
  /** Appropriated less the members' gross: above 0 kept by the rounding account, below 0 paid by it. */
  roundingKobo: z.number().int(),
});
/** GET /api/year-end/runs/:id/preview (and .xlsx): the members' lines (only those with a gross above ₦0). */
export const yearEndPreviewSchema = z.object({
  run: yearEndRunSchema,
  lines: z.array(yearEndLineSchema),
  parts: z.array(yearEndPartTotalSchema),
  totals: z.object({ appropriatedKobo: koboSchema, grossKobo: koboSchema, taxKobo: koboSchema, netKobo: koboSchema, roundingKobo: z.number().int() }),
  /** True once approved: the lines are the frozen ones, not worked out again. */
  isFrozen: z.boolean(),
});

/** POST /api/year-end/runs/:id/reversal. */
export const yearEndReversalSchema = z.object({
  reason: z
    .string()
    .max(500)
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, { message: MESSAGES.reversalReasonRequired }),
});

// ---- Years -----------------------------------------------------------------------------------
export const yearEndYearSchema = z.object({
  year: z.number().int(),
  from: isoDateSchema,
  to: isoDateSchema,
  state: z.enum(['open', 'closed']),
  closedAt: timestampSchema.nullable(),
  closedByName: z.string().nullable(),
  /** The closing journal entry (source 'year_close'). */
  closeEntryId: z.string().nullable(),
  /** The surplus the closing entry moved to 3200 Surplus (null while open). */
  closedSurplusKobo: signedKoboSchema.nullable(),
  runs: z.array(z.object({ id: z.string(), status: z.enum(YEAR_END_RUN_STATUSES), createdAt: timestampSchema })),
});
/** GET /api/year-end/years: the current year, the one before, and every year with a run or a close. */
export const yearEndYearListSchema = z.object({ years: z.array(yearEndYearSchema) });

export type YearEndSettings = z.infer<typeof yearEndSettingsSchema>;
export type YearEndSurplus = z.infer<typeof yearEndSurplusSchema>;
export type YearEndRunInput = z.infer<typeof yearEndRunInputSchema>;
export type YearEndAppropriation = z.infer<typeof yearEndAppropriationSchema>;
export type YearEndRun = z.infer<typeof yearEndRunSchema>;
export type YearEndRunList = z.infer<typeof yearEndRunListSchema>;
export type YearEndLine = z.infer<typeof yearEndLineSchema>;
export type YearEndPartTotal = z.infer<typeof yearEndPartTotalSchema>;
export type YearEndPreview = z.infer<typeof yearEndPreviewSchema>;
export type YearEndYear = z.infer<typeof yearEndYearSchema>;
export type YearEndYearList = z.infer<typeof yearEndYearListSchema>;
