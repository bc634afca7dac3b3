import { z } from 'zod';
import { MAX_DECISION_REASON_LENGTH } from '../loans/application-schema.ts';
import { MESSAGES } from '../messages.ts';
import { isIsoDate } from '../periods.ts';
import { isoDateSchema, koboSchema, timestampSchema } from './answer-parts.ts';

/**
 * What the penalty routes take and answer (issue 33, docs/decisions/053-loan-penalties.md).
 */

/** A waiver: one charge (its id) or, without one, every penalty the loan still owes; the reason is required and kept. */
export const penaltyWaiverSchema = z.object({
  chargeId: z.string().uuid().nullable().optional(),
  reason: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string({ message: MESSAGES.loanPenaltyWaiveReasonRequired }).min(1, MESSAGES.loanPenaltyWaiveReasonRequired).max(MAX_DECISION_REASON_LENGTH, MESSAGES.reasonTooLong),
  ),
});
export type PenaltyWaiverInput = z.input<typeof penaltyWaiverSchema>;

/** "Run now": the business date the job charges for; blank is today. */
export const penaltyRunSchema = z.object({
  businessDate: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().refine(isIsoDate, MESSAGES.loanPenaltyJobDateInvalid).optional(),
  ),
});

export const penaltyChargeViewSchema = z.object({
  id: z.string(),
  instalmentNumber: z.number().int(),
  chargeNumber: z.number().int(),
  chargeDate: isoDateSchema,
  amountKobo: koboSchema,
  paidKobo: koboSchema,
  waivedKobo: koboSchema,
  outstandingKobo: koboSchema,
  waiveReason: z.string().nullable(),
  waivedAt: timestampSchema.nullable(),
});
export type PenaltyChargeView = z.infer<typeof penaltyChargeViewSchema>;

/** GET /api/loans/:id/penalties and a waiver's answer: the loan's charges and their totals. */
export const loanPenaltiesAnswerSchema = z.object({
  loanId: z.string(),
  chargedKobo: koboSchema,
  paidKobo: koboSchema,
  waivedKobo: koboSchema,
  /** What the loan owes in penalties: the payoff quote's penalties. */
  outstandingKobo: koboSchema,
  charges: z.array(penaltyChargeViewSchema),
});
export type LoanPenaltiesView = z.infer<typeof loanPenaltiesAnswerSchema>;

/** POST /api/loan-penalties/run. */
export const penaltyRunAnswerSchema = z.object({ businessDate: isoDateSchema, loans: z.number().int(), charges: z.number().int(), amountKobo: koboSchema });
export type PenaltyRunView = z.infer<typeof penaltyRunAnswerSchema>;
