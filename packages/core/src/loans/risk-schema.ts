import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { parseNaira } from '../money.ts';
import { koboSchema } from '../schemas/answer-parts.ts';
import { LOAN_CLASSIFICATIONS, PAR_BUCKETS, type LoanRiskSettings } from './portfolio-at-risk.ts';
import { whole } from './product-schema.ts';

/** The most days a class's threshold may name: ten years in arrears is lost by any scale. */
export const MAX_RISK_DAYS = 3_650;

const DAY_FIELDS = ['performingMaxDays', 'watchMaxDays', 'substandardMaxDays', 'doubtfulMaxDays'] as const;
const RATE_FIELDS = ['performingRate', 'watchRate', 'substandardRate', 'doubtfulRate', 'lostRate'] as const;

/** A percentage as typed ('5', '12.5'), in basis points, 0–100 %; null otherwise. */
function percentBp(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const bp = parseNaira(value);
  return bp !== null && bp <= 10_000 ? bp : null;
}

/**
 * PUT /api/loans/risk-settings: the classification thresholds (the most days in arrears each class
 * holds, rising) and each class's provision in %, as the form types them. Each refusal on its field.
 */
export const loanRiskSettingsInputSchema = z
  .object({
    performingMaxDays: z.unknown().optional(),
    watchMaxDays: z.unknown().optional(),
    substandardMaxDays: z.unknown().optional(),
    doubtfulMaxDays: z.unknown().optional(),
    performingRate: z.unknown().optional(),
    watchRate: z.unknown().optional(),
    substandardRate: z.unknown().optional(),
    doubtfulRate: z.unknown().optional(),
    lostRate: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    let previous = -1;
    for (const field of DAY_FIELDS) {
      const days = whole(value[field], 0, MAX_RISK_DAYS);
      if (days === null) fail(field, MESSAGES.riskDaysInvalid);
      else if (days <= previous) fail(field, MESSAGES.riskDaysNotRising);
      if (days !== null) previous = days;
    }
    for (const field of RATE_FIELDS) if (percentBp(value[field]) === null) fail(field, MESSAGES.riskRateInvalid);
  })
  .transform(
    (value): LoanRiskSettings => ({
      performingMaxDays: whole(value.performingMaxDays, 0, MAX_RISK_DAYS) as number,
      watchMaxDays: whole(value.watchMaxDays, 0, MAX_RISK_DAYS) as number,
      substandardMaxDays: whole(value.substandardMaxDays, 0, MAX_RISK_DAYS) as number,
      doubtfulMaxDays: whole(value.doubtfulMaxDays, 0, MAX_RISK_DAYS) as number,
      performingRateBp: percentBp(value.performingRate) as number,
      watchRateBp: percentBp(value.watchRate) as number,
      substandardRateBp: percentBp(value.substandardRate) as number,
      doubtfulRateBp: percentBp(value.doubtfulRate) as number,
      lostRateBp: percentBp(value.lostRate) as number,
    }),
  );
export type LoanRiskSettingsInput = z.input<typeof loanRiskSettingsInputSchema>;

const days = z.number().int();
const bp = z.number().int();
export const loanRiskSettingsSchema = z.object({
  performingMaxDays: days,
  watchMaxDays: days,
  substandardMaxDays: days,
  doubtfulMaxDays: days,
  performingRateBp: bp,
  watchRateBp: bp,
  substandardRateBp: bp,
  doubtfulRateBp: bp,
  lostRateBp: bp,
}) satisfies z.ZodType<LoanRiskSettings>;
export const loanRiskSettingsAnswerSchema = z.object({ settings: loanRiskSettingsSchema });

const bucketKey = z.enum(PAR_BUCKETS.map((bucket) => bucket.key) as [string, ...string[]]);
const classificationSchema = z.enum(LOAN_CLASSIFICATIONS);

export const portfolioAtRiskSchema = z.object({
  asOf: z.string(),
  loanCount: z.number().int(),
  outstandingPrincipalKobo: koboSchema,
  buckets: z.array(z.object({ key: bucketKey, loanCount: z.number().int(), outstandingPrincipalKobo: koboSchema, shareBp: bp })),
  par30Bp: bp,
  par30Kobo: koboSchema,
  classifications: z.array(z.object({ classification: classificationSchema, loanCount: z.number().int(), outstandingPrincipalKobo: koboSchema, rateBp: bp, provisionKobo: koboSchema })),
  requiredProvisionKobo: koboSchema,
  /** What the "Loan loss provision" account holds now (its credit balance). */
  heldProvisionKobo: koboSchema,
});
export const portfolioAtRiskAnswerSchema = z.object({ report: portfolioAtRiskSchema });
export type PortfolioAtRiskView = z.infer<typeof portfolioAtRiskSchema>;

/** POST /api/loans/provision-runs: the month the run is for ('YYYY-MM'). */
export const provisionRunInputSchema = z.object({
  month: z.string({ message: MESSAGES.monthInvalid }).regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, MESSAGES.monthInvalid),
});
export type ProvisionRunInput = z.input<typeof provisionRunInputSchema>;

export const provisionRunViewSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  month: z.string(),
  asOf: z.string(),
  loanCount: z.number().int(),
  requiredKobo: koboSchema,
  /** What the provision account held before the run. */
  heldBeforeKobo: koboSchema,
  /** Posted: positive adds to the provision (an expense), negative releases it. 0 posts nothing. */
  differenceKobo: z.number().int(),
  entryId: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  classifications: z.array(z.object({ classification: classificationSchema, loanCount: z.number().int(), outstandingPrincipalKobo: koboSchema, rateBp: bp, provisionKobo: koboSchema })),
});
export type ProvisionRunView = z.infer<typeof provisionRunViewSchema>;
export const provisionRunAnswerSchema = z.object({ run: provisionRunViewSchema });
export const provisionRunsAnswerSchema = z.object({ runs: z.array(provisionRunViewSchema) });

/** GET /api/loans/par/loans: each loan in arrears with its class and provision, most days first. */
export const loanAtRiskRowSchema = z.object({
  loanId: z.string(),
  borrower: z.object({ userId: z.string().nullable(), name: z.string(), staffId: z.string().nullable() }),
  productName: z.string(),
  outstandingPrincipalKobo: koboSchema,
  daysInArrears: z.number().int(),
  classification: classificationSchema,
  provisionKobo: koboSchema,
});
export type LoanAtRiskRow = z.infer<typeof loanAtRiskRowSchema>;
export const loansAtRiskAnswerSchema = z.object({ loans: z.array(loanAtRiskRowSchema) });
