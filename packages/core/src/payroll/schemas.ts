import { z } from 'zod';
import { MAX_AMOUNT_KOBO } from '../money.ts';
import { isoDateSchema, koboSchema, monthAnswerSchema, timestampSchema } from '../schemas/answer-parts.ts';
import { ALLOCATION_ORDERS, MEMBER_OUTCOMES, parseDeductionKey, type MemberOutcome } from './deductions.ts';
import { LAYOUT_DATE_FORMATS, LAYOUT_FIELDS, LAYOUT_FORMATS, LAYOUT_NUMBER_FORMATS, LAYOUT_SHAPES } from './layouts.ts';

/**
 * The payroll loop's API shapes (issue 30, docs/decisions/047-payroll-loop.md): the routes'
 * input and answers; the screens' types are inferred from them. Money is integer kobo.
 */

const trimmedText = (max: number) => z.string().trim().min(1).max(max);
/** 'contribution:<product id>', 'arrears:<product id>' or 'loan'. */
export const deductionKeySchema = z
  .string()
  .max(80)
  .refine((key) => parseDeductionKey(key) !== null, { message: 'Not a deduction' });
const amountKoboInput = z.number().int().min(0).max(MAX_AMOUNT_KOBO);
const memberOutcomeSchema = z.enum(MEMBER_OUTCOMES as [MemberOutcome, ...MemberOutcome[]]);
const countsSchema = z.object({ full: z.number().int(), short: z.number().int(), over: z.number().int(), not_on_payroll: z.number().int(), unexpected: z.number().int() });

// ---- Settings --------------------------------------------------------------------------------
/** GET/PUT /api/payroll/settings. */
export const payrollSettingsSchema = z.object({
  /** Whether contribution arrears are added to the next month's advice. */
  redeductArrears: z.boolean(),
  allocationOrder: z.enum(ALLOCATION_ORDERS),
});

// ---- Layouts ---------------------------------------------------------------------------------
export const layoutColumnSchema = z.object({
  field: z.enum(LAYOUT_FIELDS),
  header: trimmedText(100),
  keys: z.array(deductionKeySchema).max(50).optional(),
});
export const layoutCodeSchema = z.object({ code: trimmedText(40), keys: z.array(deductionKeySchema).min(1).max(50) });
/** POST /api/payroll/layouts and PUT /api/payroll/layouts/:id. */
export const payrollLayoutInputSchema = z.object({
  name: trimmedText(100),
  shape: z.enum(LAYOUT_SHAPES),
  format: z.enum(LAYOUT_FORMATS),
  dateFormat: z.enum(LAYOUT_DATE_FORMATS),
  numberFormat: z.enum(LAYOUT_NUMBER_FORMATS),
  columns: z.array(layoutColumnSchema).min(1).max(60),
  codes: z.array(layoutCodeSchema).max(60).default([]),
});
export const payrollLayoutSchema = payrollLayoutInputSchema.extend({
  /** 'generic' for the built-in layout. */
  id: z.string(),
  builtIn: z.boolean(),
  updatedAt: timestampSchema.nullable(),
});
export const payrollLayoutListSchema = z.object({ layouts: z.array(payrollLayoutSchema) });

// ---- The advice ------------------------------------------------------------------------------
export const adviceDeductionSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['contribution', 'arrears', 'loan']),
  productId: z.string().nullable(),
  /** Over the lines not held out. */
  totalKobo: koboSchema,
});
export const adviceLineSchema = z.object({
  userId: z.string(),
  staffId: z.string().nullable(),
  name: z.string(),
  /** { [deduction key]: kobo }; a key absent is ₦0. */
  deductions: z.record(z.string(), koboSchema),
  totalKobo: koboSchema,
  /** Held out of what payroll is told, with why; null when in. */
  heldReason: z.string().nullable(),
  /** An officer changed a figure Kobo prepared. */
  changed: z.boolean(),
});
export const adviceSummarySchema = z.object({
  id: z.string(),
  month: monthAnswerSchema,
  valueDate: isoDateSchema,
  status: z.enum(['draft', 'issued']),
  redeductArrears: z.boolean(),
  allocationOrder: z.enum(ALLOCATION_ORDERS),
  /** Lines not held out, and their total. */
  memberCount: z.number().int(),
  heldCount: z.number().int(),
  totalKobo: koboSchema,
  preparedAt: timestampSchema,
  issuedAt: timestampSchema.nullable(),
  issuedByName: z.string().nullable(),
  remittancePosted: z.boolean(),
});
/** A holder left out of the advice and why (no staff ID: payroll cannot find them). */
export const adviceLeftOutSchema = z.object({ userId: z.string(), name: z.string(), reason: z.string() });
/** GET /api/payroll/advices/:month, and what preparing, changing and issuing answer. */
export const adviceDetailSchema = z.object({
  advice: adviceSummarySchema,
  deductions: z.array(adviceDeductionSchema),
  lines: z.array(adviceLineSchema),
  leftOut: z.array(adviceLeftOutSchema),
});
export const adviceListSchema = z.object({ advices: z.array(adviceSummarySchema) });
/** POST /api/payroll/advices: prepare (or prepare again, while a draft) the month's advice. */
export const prepareAdviceSchema = z.object({ month: z.string().max(20) });
/** PUT /api/payroll/advices/:month/lines/:userId: change a line's figures, hold it out (a reason) or back in (null). */
export const adviceLineChangeSchema = z
  .object({
    deductions: z.record(deductionKeySchema, amountKoboInput).optional(),
    heldReason: z.string().trim().max(500).nullable().optional(),
  })
  .refine((change) => change.deductions !== undefined || change.heldReason !== undefined, { message: 'Nothing to change' });

// ---- The remittance --------------------------------------------------------------------------
/** What payroll remitted for a member in one column (or code): `keys` empty pays all deductions in order. */
export const remittancePartInputSchema = z.object({ keys: z.array(deductionKeySchema).max(50), amount: z.union([z.string().max(40), z.number()]) });
export const remittanceLineInputSchema = z.object({
  /** The member's staff ID (or email). */
  ref: z.string().max(200),
  name: z.string().max(200).nullish(),
  /** The file's row (header is row 1), for the review's words; null when keyed. */
  row: z.number().int().min(1).max(10_000_000).nullish(),
  parts: z.array(remittancePartInputSchema).min(1).max(60),
});
/** POST .../remittance/match and POST .../remittance. */
export const remittanceDraftSchema = z.object({
  lines: z.array(remittanceLineInputSchema).max(60_000),
  /** What the bank received; posting needs it to equal the remitted total. */
  bankAmountKobo: amountKoboInput.nullish(),
  source: z.enum(['file', 'keyed']),
  fileName: z.string().max(200).nullish(),
  fileHash: z.string().max(128).nullish(),
});
/** POST .../remittance/file (the file's bytes; ?layout=): the lines read, ready to match. */
export const uploadedRemittanceSchema = z.object({
  fileName: z.string(),
  fileHash: z.string(),
  layoutId: z.string(),
  lines: z.array(remittanceLineInputSchema),
});
export const matchedDeductionSchema = z.object({
  key: z.string(),
  label: z.string(),
  advisedKobo: koboSchema,
  paidKobo: koboSchema,
  outcome: z.enum(['full', 'short', 'over']),
});
export const matchedMemberSchema = z.object({
  /** The file's row, null for a member payroll sent no line for (or a keyed line). */
  row: z.number().int().nullable(),
  ref: z.string(),
  /** Null for a line whose staff ID is nobody's. */
  userId: z.string().nullable(),
  name: z.string().nullable(),
  staffId: z.string().nullable(),
  outcome: memberOutcomeSchema,
  advisedKobo: koboSchema,
  remittedKobo: koboSchema,
  paidKobo: koboSchema,
  shortKobo: koboSchema,
  overKobo: koboSchema,
  deductions: z.array(matchedDeductionSchema),
  /** Why the line cannot be read (an amount that is no amount); null when it can. */
  reason: z.string().nullable(),
});
export const remittanceTotalsSchema = z.object({
  advisedKobo: koboSchema,
  remittedKobo: koboSchema,
  paidKobo: koboSchema,
  shortKobo: koboSchema,
  overKobo: koboSchema,
});
/** The match: every member's outcome, counted and totalled, against the bank amount. */
export const remittanceMatchSchema = z.object({
  month: monthAnswerSchema,
  members: z.array(matchedMemberSchema),
  counts: countsSchema,
  /** Remitted kobo per outcome. */
  outcomeKobo: countsSchema,
  totals: remittanceTotalsSchema,
  bankAmountKobo: koboSchema.nullable(),
  /** Bank amount less the remitted total; null without a bank amount. */
  differenceKobo: z.number().int().nullable(),
  refusedCount: z.number().int(),
  alreadyPosted: z.boolean(),
});
export const postedRemittanceSchema = z.object({
  id: z.string(),
  month: monthAnswerSchema,
  batchId: z.string().nullable(),
  source: z.enum(['file', 'keyed']),
  fileName: z.string().nullable(),
  bankAmountKobo: koboSchema,
  totals: remittanceTotalsSchema,
  counts: countsSchema,
  postedAt: timestampSchema,
  postedByName: z.string(),
});
/** GET .../remittance: the posted remittance and its members' match as kept. */
export const remittanceDetailSchema = z.object({ remittance: postedRemittanceSchema, members: z.array(matchedMemberSchema) });

// ---- Arrears and over-deductions --------------------------------------------------------------
export const contributionArrearsRowSchema = z.object({
  userId: z.string(),
  name: z.string(),
  staffId: z.string().nullable(),
  productId: z.string(),
  productName: z.string(),
  /** Outstanding by age against the report's month: arose 1, 2, and 3 or more months before. */
  oneMonthKobo: koboSchema,
  twoMonthsKobo: koboSchema,
  threePlusMonthsKobo: koboSchema,
  totalKobo: koboSchema,
  oldestMonth: monthAnswerSchema,
});
/** GET /api/payroll/arrears (and .xlsx). */
export const contributionArrearsReportSchema = z.object({ month: monthAnswerSchema, rows: z.array(contributionArrearsRowSchema), totalKobo: koboSchema });
/** GET /api/payroll/arrears/mine: what a member owes, per product and month it arose. */
export const ownContributionArrearsSchema = z.object({
  items: z.array(z.object({ productId: z.string(), productName: z.string(), month: monthAnswerSchema, outstandingKobo: koboSchema })),
  totalKobo: koboSchema,
});
export const overdeductionSchema = z.object({
  id: z.string(),
  month: monthAnswerSchema,
  ref: z.string(),
  userId: z.string().nullable(),
  name: z.string().nullable(),
  amountKobo: koboSchema,
  status: z.enum(['held', 'refunded', 'applied']),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  reason: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export const overdeductionListSchema = z.object({ items: z.array(overdeductionSchema) });
export const refundOverdeductionSchema = z.object({ reason: trimmedText(500) });
export const applyOverdeductionSchema = z.object({ productId: z.string().uuid() });

export type PayrollSettings = z.infer<typeof payrollSettingsSchema>;
export type PayrollLayoutInput = z.infer<typeof payrollLayoutInputSchema>;
export type PayrollLayout = z.infer<typeof payrollLayoutSchema>;
export type AdviceDeduction = z.infer<typeof adviceDeductionSchema>;
export type AdviceLine = z.infer<typeof adviceLineSchema>;
export type AdviceSummary = z.infer<typeof adviceSummarySchema>;
export type AdviceDetail = z.infer<typeof adviceDetailSchema>;
export type AdviceLineChange = z.infer<typeof adviceLineChangeSchema>;
export type RemittanceLineInput = z.infer<typeof remittanceLineInputSchema>;
export type RemittanceDraft = z.infer<typeof remittanceDraftSchema>;
export type UploadedRemittance = z.infer<typeof uploadedRemittanceSchema>;
export type MatchedMember = z.infer<typeof matchedMemberSchema>;
export type RemittanceMatch = z.infer<typeof remittanceMatchSchema>;
export type PostedRemittance = z.infer<typeof postedRemittanceSchema>;
export type RemittanceDetail = z.infer<typeof remittanceDetailSchema>;
export type ContributionArrearsRow = z.infer<typeof contributionArrearsRowSchema>;
export type ContributionArrearsReport = z.infer<typeof contributionArrearsReportSchema>;
export type OwnContributionArrears = z.infer<typeof ownContributionArrearsSchema>;
export type Overdeduction = z.infer<typeof overdeductionSchema>;
