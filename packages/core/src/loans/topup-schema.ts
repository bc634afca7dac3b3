import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import type { Kobo } from '../money.ts';
import { isSupportedDate } from '../periods.ts';
import { savingsAmountKobo } from '../schemas/savings.ts';
import { isoDateSchema, koboSchema, timestampSchema } from '../schemas/answer-parts.ts';
import { whole } from './product-schema.ts';
import { LOAN_KINDS, MAX_LOAN_MONTHS } from './products.ts';
import { MAX_DECISION_REASON_LENGTH } from './application-schema.ts';

/**
 * Payoff quotes, top-ups and restructures (issue 33, part A; docs/decisions/052): what the forms
 * send and the routes answer.
 */

/** `?on=YYYY-MM-DD`; blank or absent is today. */
export const payoffQuoteQuerySchema = z.object({
  on: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .max(20)
      .refine((value) => isSupportedDate(value), MESSAGES.payoffQuoteDateInvalid)
      .optional(),
  ),
});

export const payoffQuoteViewSchema = z.object({
  loanId: z.string(),
  productName: z.string(),
  /** Issue 33: the loan's kind names its charge (a murabaha's markup, docs/decisions/056). */
  kind: z.enum(LOAN_KINDS),
  borrowerName: z.string(),
  staffId: z.string().nullable(),
  on: isoDateSchema,
  validUntil: isoDateSchema,
  principalKobo: koboSchema,
  interestKobo: koboSchema,
  feeKobo: koboSchema,
  penaltyKobo: koboSchema,
  totalKobo: koboSchema,
});
export type PayoffQuoteView = z.infer<typeof payoffQuoteViewSchema>;
export const payoffQuoteAnswerSchema = z.object({ quote: payoffQuoteViewSchema });

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A restructure as an officer types it: a new term in months or a new instalment in naira (one of them), and a reason. */
export const restructureRequestSchema = z
  .object({
    months: z.preprocess(blankToUndefined, z.unknown().optional()),
    instalment: z.preprocess(blankToUndefined, z.unknown().optional()),
    reason: z.preprocess(trimmed, z.unknown().optional()),
  })
  .superRefine((value, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const hasMonths = value.months !== undefined;
    const hasInstalment = value.instalment !== undefined;
    if (hasMonths === hasInstalment) fail('months', MESSAGES.restructureTermRequired);
    else if (hasMonths && whole(value.months, 1, MAX_LOAN_MONTHS) === null) fail('months', MESSAGES.loanMonthsInvalid);
    else if (hasInstalment && savingsAmountKobo(value.instalment) === null) fail('instalment', MESSAGES.enterValidAmount);
    if (typeof value.reason !== 'string' || value.reason === '') fail('reason', MESSAGES.restructureReasonRequired);
    else if (value.reason.length > MAX_DECISION_REASON_LENGTH) fail('reason', MESSAGES.reasonTooLong);
  })
  .transform((value) => ({
    ask: value.months !== undefined ? { months: whole(value.months, 1, MAX_LOAN_MONTHS) as number } : { instalmentKobo: savingsAmountKobo(value.instalment) as Kobo },
    reason: value.reason as string,
  }));
export type RestructureRequest = z.output<typeof restructureRequestSchema>;

/** A second officer approves or declines a restructure; a reason is required to decline. */
export const restructureDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'decline'], { message: MESSAGES.chooseLoanDecision }),
    reason: z.preprocess(trimmed, z.string().max(MAX_DECISION_REASON_LENGTH, MESSAGES.reasonTooLong).optional()),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'decline' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: MESSAGES.restructureDeclineReasonRequired });
  })
  .transform((value) => ({ decision: value.decision, reason: value.reason || null }));

const keptInstalmentSchema = z.object({
  number: z.number().int(),
  dueDate: isoDateSchema,
  principal: koboSchema,
  interest: koboSchema,
  principalPaid: koboSchema,
  interestPaid: koboSchema,
  interestWaived: koboSchema,
});

/** One restructure of a loan: asked, approved (and applied) or declined; the schedule it replaced kept. */
export const restructureViewSchema = z.object({
  id: z.string(),
  loanId: z.string(),
  status: z.enum(['pending', 'approved', 'declined']),
  months: z.number().int().nullable(),
  instalmentKobo: koboSchema.nullable(),
  reason: z.string(),
  requestedByEmail: z.string(),
  requestedAt: timestampSchema,
  decidedByEmail: z.string().nullable(),
  decidedAt: timestampSchema.nullable(),
  decisionReason: z.string().nullable(),
  /** Set once applied: the new term, the principal it was spread over, the interest carried onto the first new instalment. */
  newMonths: z.number().int().nullable(),
  principalKobo: koboSchema.nullable(),
  carriedInterestKobo: koboSchema.nullable(),
  /** The instalments as they stood before (empty until applied). */
  oldInstalments: z.array(keptInstalmentSchema),
});
export type RestructureView = z.infer<typeof restructureViewSchema>;
export const restructureAnswerSchema = z.object({ restructure: restructureViewSchema });
export const restructuresAnswerSchema = z.object({ restructures: z.array(restructureViewSchema) });
