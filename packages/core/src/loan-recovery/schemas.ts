import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { type Kobo } from '../money.ts';
import { savingsAmountKobo } from '../schemas/savings.ts';
import { isoDateSchema, koboSchema, timestampSchema } from '../schemas/answer-parts.ts';
import { MAX_LOAN_DEFAULT_DAYS } from './shares.ts';

/**
 * Recovery from guarantors (issue 33, docs/decisions/055-guarantor-recovery.md): the routes' input
 * and answers; the screens' types are inferred from them. Money is integer kobo.
 */

export const LOAN_RECOVERY_STATUSES = ['proposed', 'approved', 'declined'] as const;
export type LoanRecoveryStatus = (typeof LOAN_RECOVERY_STATUSES)[number];
export const MAX_RECOVERY_REASON_LENGTH = 500;
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

// ---- Settings --------------------------------------------------------------------------------
/** GET/PUT /api/loan-recovery/settings. */
export const loanRecoverySettingsSchema = z.object({
  /** Days in arrears from which a loan is in default and its guarantors can be made to pay. */
  defaultDays: z.number({ message: MESSAGES.recoveryDefaultDaysInvalid }).int(MESSAGES.recoveryDefaultDaysInvalid).min(1, MESSAGES.recoveryDefaultDaysInvalid).max(MAX_LOAN_DEFAULT_DAYS, MESSAGES.recoveryDefaultDaysInvalid),
});
export type LoanRecoverySettings = z.infer<typeof loanRecoverySettingsSchema>;

// ---- Input -----------------------------------------------------------------------------------
/** POST /api/loan-recoveries/:id/decline. */
export const recoveryDeclineInputSchema = z.object({
  reason: z.preprocess(trimmed, z.string({ message: MESSAGES.recoveryDeclineReasonRequired }).min(1, MESSAGES.recoveryDeclineReasonRequired).max(MAX_RECOVERY_REASON_LENGTH, MESSAGES.reasonTooLong)),
});
export type RecoveryDeclineInput = z.input<typeof recoveryDeclineInputSchema>;

/** POST /api/guarantor-claims/:id/repayments: what the borrower repaid the guarantor, in naira. */
export const claimRepaymentInputSchema = z
  .object({ amount: z.union([z.string(), z.number()], { message: MESSAGES.claimRepaymentAmountInvalid }) })
  .refine((value) => savingsAmountKobo(value.amount) !== null, { message: MESSAGES.claimRepaymentAmountInvalid, path: ['amount'] })
  .transform((value) => ({ amountKobo: savingsAmountKobo(value.amount) as Kobo }));
export type ClaimRepaymentInput = z.input<typeof claimRepaymentInputSchema>;

// ---- Answers ---------------------------------------------------------------------------------
export const recoveryShareSchema = z.object({
  accountId: z.string(),
  userId: z.string(),
  name: z.string(),
  /** What they guarantee (the hold) when the share was worked out. */
  guaranteedKobo: koboSchema,
  /** What can be taken: the guarantee, but never more than savings less other holds. */
  recoverableKobo: koboSchema,
  /** Their proportion of the overdue amount, before the cap. */
  proportionalKobo: koboSchema,
  amountKobo: koboSchema,
});
export type RecoveryShare = z.infer<typeof recoveryShareSchema>;

export const loanRecoveryViewSchema = z.object({
  id: z.string(),
  loanId: z.string(),
  productName: z.string(),
  borrowerName: z.string(),
  status: z.enum(LOAN_RECOVERY_STATUSES),
  daysInArrears: z.number().int(),
  overdueKobo: koboSchema,
  amountKobo: koboSchema,
  shares: z.array(recoveryShareSchema),
  proposedById: z.string(),
  proposedByName: z.string(),
  proposedAt: timestampSchema,
  decidedByName: z.string().nullable(),
  decidedAt: timestampSchema.nullable(),
  declineReason: z.string().nullable(),
  valueDate: isoDateSchema.nullable(),
  entryId: z.string().nullable(),
});
export type LoanRecoveryView = z.infer<typeof loanRecoveryViewSchema>;

export const guarantorClaimSchema = z.object({
  id: z.string(),
  loanId: z.string(),
  productName: z.string(),
  borrowerName: z.string(),
  guarantorName: z.string(),
  amountKobo: koboSchema,
  repaidKobo: koboSchema,
  owedKobo: koboSchema,
  createdAt: timestampSchema,
});
export type GuarantorClaim = z.infer<typeof guarantorClaimSchema>;

/** GET /api/loans/:id/recovery: whether the loan is in default, the shares a recovery would take now, the open one, past ones, the claims. */
export const loanRecoveryAnswerSchema = z.object({
  defaultDays: z.number().int(),
  daysInArrears: z.number().int(),
  isInDefault: z.boolean(),
  overdueKobo: koboSchema,
  shares: z.array(recoveryShareSchema),
  recoveries: z.array(loanRecoveryViewSchema),
  claims: z.array(guarantorClaimSchema),
});
export type LoanRecoveryAnswer = z.infer<typeof loanRecoveryAnswerSchema>;

/**
 * Issue 34: a guarantor's savings beside their share on the approvals list, so the checker sees
 * what approving leaves them: the balance now, and the available balance once the share is taken
 * (savings-requests.ts's approvalLeaves, as for a withdrawal). Only the list answers it, so every
 * other answer's share keeps recoveryShareSchema; null once the recovery is decided.
 */
export const recoveryShareStandingSchema = z.object({ balanceKobo: koboSchema, availableAfterKobo: koboSchema });
export type RecoveryShareStanding = z.infer<typeof recoveryShareStandingSchema>;
export const listedRecoveryShareSchema = recoveryShareSchema.extend({ standing: recoveryShareStandingSchema.nullable() });
export type ListedRecoveryShare = z.infer<typeof listedRecoveryShareSchema>;
export const loanRecoveryListItemSchema = loanRecoveryViewSchema.extend({ shares: z.array(listedRecoveryShareSchema) });
export type LoanRecoveryListItem = z.infer<typeof loanRecoveryListItemSchema>;

/** GET /api/loan-recoveries: the approvals list. */
export const loanRecoveryListQuerySchema = z.object({ status: z.enum(LOAN_RECOVERY_STATUSES).optional() });
export const loanRecoveryListSchema = z.object({ recoveries: z.array(loanRecoveryListItemSchema) });
export type LoanRecoveryList = z.infer<typeof loanRecoveryListSchema>;

/** GET /api/account/guarantor-claims: what the holder owes their guarantors, and what borrowers owe them. */
export const myGuarantorClaimsSchema = z.object({ owedByMe: z.array(guarantorClaimSchema), owedToMe: z.array(guarantorClaimSchema) });
export type MyGuarantorClaims = z.infer<typeof myGuarantorClaimsSchema>;
