import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { MAX_AMOUNT_KOBO } from '../money.ts';
import { isSupportedDate } from '../periods.ts';
import { isoDateSchema, koboSchema, signedKoboSchema, timestampSchema } from '../schemas/answer-parts.ts';
import { isValidPhoneNumber } from '../schemas/phone-number.ts';
import { LOAN_KINDS } from '../loans/products.ts';

/**
 * A member leaves (issue 32, docs/decisions/051-member-exit.md): the routes' input and answers;
 * the screens' types are inferred from them. Money is integer kobo; shares are basis points
 * (6000 = 60%).
 */

export const EXIT_REASONS = ['retirement', 'resignation', 'transfer', 'death', 'expulsion'] as const;
export type ExitReason = (typeof EXIT_REASONS)[number];
export const EXIT_STATUSES = ['notice', 'approved', 'settled', 'paid', 'cancelled', 'reversed'] as const;
export type ExitStatus = (typeof EXIT_STATUSES)[number];
/** An exit still running: it blocks a second notice, new loans and new guarantees. */
export const LIVE_EXIT_STATUSES = ['notice', 'approved', 'settled', 'paid'] as const;
export const SHORTFALL_CHOICES = ['member_pays', 'guarantors'] as const;
export type ShortfallChoice = (typeof SHORTFALL_CHOICES)[number];

export const MAX_NOMINEES = 10;
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

// ---- Nominees --------------------------------------------------------------------------------
export const nomineeInputSchema = z.object({
  name: z.preprocess(trimmed, z.string({ message: MESSAGES.nomineeNameRequired }).min(1, MESSAGES.nomineeNameRequired).max(100, MESSAGES.nomineeNameRequired)),
  relationship: z.preprocess(trimmed, z.string({ message: MESSAGES.nomineeRelationshipRequired }).min(1, MESSAGES.nomineeRelationshipRequired).max(50, MESSAGES.nomineeRelationshipRequired)),
  phone: z.preprocess(trimmed, z.string({ message: MESSAGES.nomineePhoneInvalid }).refine(isValidPhoneNumber, MESSAGES.nomineePhoneInvalid)),
  /** Basis points: 6000 is 60%. */
  shareBp: z.number({ message: MESSAGES.nomineeShareInvalid }).int(MESSAGES.nomineeShareInvalid).min(1, MESSAGES.nomineeShareInvalid).max(10_000, MESSAGES.nomineeShareInvalid),
});
/** PUT /api/account/nominees and PUT /api/members/:userId/nominees: the whole list, replaced. An empty list clears it. */
export const nomineesInputSchema = z
  .object({ nominees: z.array(nomineeInputSchema).max(MAX_NOMINEES, MESSAGES.nomineesTooMany) })
  .refine((value) => value.nominees.length === 0 || value.nominees.reduce((sum, nominee) => sum + nominee.shareBp, 0) === 10_000, {
    message: MESSAGES.nomineeSharesNot100,
    path: ['nominees'],
  });
export type NomineesInput = z.input<typeof nomineesInputSchema>;
export const nomineeViewSchema = z.object({ name: z.string(), relationship: z.string(), phone: z.string(), shareBp: z.number().int() });
export const nomineesAnswerSchema = z.object({ nominees: z.array(nomineeViewSchema), updatedAt: timestampSchema.nullable() });
export type NomineeView = z.infer<typeof nomineeViewSchema>;
export type NomineesAnswer = z.infer<typeof nomineesAnswerSchema>;

// ---- Settings --------------------------------------------------------------------------------
/** GET/PUT /api/exits/settings. */
export const exitSettingsSchema = z.object({
  /** Days from notice to the earliest settlement (waived for a death). */
  noticeDays: z.number().int().min(0).max(365),
  /** A flat fee taken at exit (0 = none). */
  exitFeeKobo: z.number().int().min(0).max(MAX_AMOUNT_KOBO),
  /** Whether interest (and the dividend on shares) is paid pro rata to the exit date, at the last year end's rates. */
  proRata: z.boolean(),
});
export type ExitSettings = z.infer<typeof exitSettingsSchema>;

// ---- Notice ----------------------------------------------------------------------------------
const dayInput = (message: string) => z.string({ message }).refine((value) => isSupportedDate(value), message);
/** POST /api/exits (an officer, for `userId`) and POST /api/account/exit (the member, no userId). */
export const exitNoticeInputSchema = z.object({
  userId: z.string().min(1).max(100).optional(),
  reason: z.enum(EXIT_REASONS, { message: MESSAGES.exitReasonRequired }),
  leavingDate: dayInput(MESSAGES.exitLeavingDateInvalid),
  note: z.preprocess(trimmed, z.string().max(500, MESSAGES.exitNoteTooLong).nullish()),
});
export type ExitNoticeInput = z.input<typeof exitNoticeInputSchema>;

// ---- Guarantees ------------------------------------------------------------------------------
/** POST /api/exits/:id/guarantees/:loanId/release: an officer judges the borrower's own savings enough. */
export const releaseGuaranteeInputSchema = z.object({
  reason: z.preprocess(trimmed, z.string({ message: MESSAGES.exitReleaseReasonRequired }).min(1, MESSAGES.exitReleaseReasonRequired).max(500)),
});
/** POST /api/exits/:id/guarantees/:loanId/replace: ask another member to guarantee in the leaver's place. */
export const replaceGuaranteeInputSchema = z.object({ userId: z.string({ message: MESSAGES.exitReplacementInvalid }).min(1, MESSAGES.exitReplacementInvalid).max(100) });

export const exitGuaranteeSchema = z.object({
  loanId: z.string(),
  borrowerName: z.string(),
  productName: z.string(),
  guaranteedKobo: koboSchema,
  /** 'open' until released; 'repaid' once the loan is repaid; 'replaced' or 'own_savings' once an officer released it. */
  state: z.enum(['open', 'replacement_asked', 'repaid', 'replaced', 'own_savings']),
  replacementName: z.string().nullable(),
  releasedReason: z.string().nullable(),
});
export type ExitGuarantee = z.infer<typeof exitGuaranteeSchema>;

// ---- The settlement statement ----------------------------------------------------------------
export const exitProductLineSchema = z.object({
  accountId: z.string(),
  productId: z.string(),
  name: z.string(),
  kind: z.string(),
  balanceKobo: koboSchema,
  /** Pro rata interest (or dividend) to the settlement date; 0 when the scheme pays none. */
  interestKobo: koboSchema,
  rateBp: z.number().int(),
  days: z.number().int(),
});
export const exitLoanLineSchema = z.object({
  loanId: z.string(),
  productName: z.string(),
  /** Issue 33: what the loan's charge is called (a murabaha's markup, a qard hasan's fee); absent on statements settled before. */
  kind: z.enum(LOAN_KINDS).optional(),
  principalKobo: koboSchema,
  interestKobo: koboSchema,
  feeKobo: koboSchema,
  penaltyKobo: koboSchema,
  payoffKobo: koboSchema,
});
export const exitRecoverySchema = z.object({
  loanId: z.string(),
  userId: z.string(),
  name: z.string(),
  accountId: z.string(),
  guaranteedKobo: koboSchema,
  amountKobo: koboSchema,
});
export const exitPayeeSchema = z.object({ name: z.string(), relationship: z.string().nullable(), phone: z.string().nullable(), shareBp: z.number().int(), amountKobo: koboSchema });
export const exitStatementSchema = z.object({
  settlementDate: isoDateSchema,
  products: z.array(exitProductLineSchema),
  loans: z.array(exitLoanLineSchema),
  savingsKobo: koboSchema,
  interestKobo: koboSchema,
  payoffKobo: koboSchema,
  exitFeeKobo: koboSchema,
  /** Savings + interest − payoffs − fee: below 0 is a shortfall. */
  netKobo: signedKoboSchema,
  shortfallKobo: koboSchema,
  shortfallChoice: z.enum(SHORTFALL_CHOICES).nullable(),
  /** What the member pays in to meet a shortfall. */
  memberPaysKobo: koboSchema,
  recoveries: z.array(exitRecoverySchema),
  /** What is paid out, and to whom: the member, or a deceased member's nominees in their shares. */
  payableKobo: koboSchema,
  payees: z.array(exitPayeeSchema),
});
export type ExitProductLine = z.infer<typeof exitProductLineSchema>;
export type ExitLoanLine = z.infer<typeof exitLoanLineSchema>;
export type ExitRecovery = z.infer<typeof exitRecoverySchema>;
export type ExitPayee = z.infer<typeof exitPayeeSchema>;
export type ExitStatement = z.infer<typeof exitStatementSchema>;

/** POST /api/exits/:id/preview (nothing saved) and /approve (frozen): the settlement date and how a shortfall is met. */
export const exitSettlementInputSchema = z.object({
  settlementDate: dayInput(MESSAGES.exitSettlementDateInvalid),
  shortfallChoice: z.enum(SHORTFALL_CHOICES).nullish(),
});
export type ExitSettlementInput = z.input<typeof exitSettlementInputSchema>;

/** POST /api/exits/:id/pay-out. */
export const exitPayOutInputSchema = z.object({
  reference: z.preprocess(trimmed, z.string({ message: MESSAGES.exitPayReferenceRequired }).min(1, MESSAGES.exitPayReferenceRequired).max(100, MESSAGES.exitPayReferenceRequired)),
});
/** POST /api/exits/:id/cancel and /reverse. */
export const exitReasonInputSchema = z.object({
  reason: z.preprocess(trimmed, z.string({ message: MESSAGES.exitReasonForChange }).min(1, MESSAGES.exitReasonForChange).max(500)),
});

// ---- Views -----------------------------------------------------------------------------------
export const exitViewSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  userId: z.string(),
  holderName: z.string(),
  staffId: z.string().nullable(),
  reason: z.enum(EXIT_REASONS),
  note: z.string().nullable(),
  noticeDate: isoDateSchema,
  leavingDate: isoDateSchema,
  earliestSettlementDate: isoDateSchema,
  status: z.enum(EXIT_STATUSES),
  givenByName: z.string(),
  createdAt: timestampSchema,
  settlementDate: isoDateSchema.nullable(),
  shortfallChoice: z.enum(SHORTFALL_CHOICES).nullable(),
  /** Frozen from approval on; null at notice (the preview is worked out on request). */
  statement: exitStatementSchema.nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: timestampSchema.nullable(),
  settledByName: z.string().nullable(),
  settledAt: timestampSchema.nullable(),
  paidByName: z.string().nullable(),
  paidAt: timestampSchema.nullable(),
  payReference: z.string().nullable(),
  cancelledByName: z.string().nullable(),
  cancelledAt: timestampSchema.nullable(),
  cancelReason: z.string().nullable(),
  reversedByName: z.string().nullable(),
  reversedAt: timestampSchema.nullable(),
  reversalReason: z.string().nullable(),
});
export type ExitView = z.infer<typeof exitViewSchema>;
export const exitDetailSchema = z.object({ exit: exitViewSchema, guarantees: z.array(exitGuaranteeSchema) });
export type ExitDetail = z.infer<typeof exitDetailSchema>;
export const exitListSchema = z.object({ items: z.array(exitViewSchema) });

// ---- The lifecycle's own input and answers (notice, the list, the member's own exit) ------------
/** A member gives their own notice for one of these; a death or an expulsion is recorded by an officer. */
export const MEMBER_EXIT_REASONS = ['retirement', 'resignation', 'transfer'] as const satisfies readonly ExitReason[];
/** POST /api/account/exit: the caller's own notice (no userId). */
export const memberExitNoticeInputSchema = exitNoticeInputSchema.omit({ userId: true }).extend({ reason: z.enum(MEMBER_EXIT_REASONS, { message: MESSAGES.exitReasonRequired }) });
export type MemberExitNoticeInput = z.input<typeof memberExitNoticeInputSchema>;
/** GET /api/exits?status=…: one status, or every exit. */
export const exitListQuerySchema = z.object({ status: z.enum(EXIT_STATUSES, { message: MESSAGES.invalidRequest }).optional() });
/** GET /api/account/exit: the caller's live exit, or null when they have given no notice. */
export const myExitAnswerSchema = z.object({ exit: exitDetailSchema.nullable() });
export type MyExitAnswer = z.infer<typeof myExitAnswerSchema>;

// ---- Many exits at once (a redundancy, a branch closing; bench:exits) --------------------------
export const MAX_BATCH_EXITS = 1000;
const exitIdsSchema = z.array(z.string().min(1).max(100)).min(1).max(MAX_BATCH_EXITS);
/** POST /api/exits/batch/preview: every exit's statement on one settlement date, nothing saved. */
export const exitBatchPreviewInputSchema = z.object({ exitIds: exitIdsSchema, settlementDate: dayInput(MESSAGES.exitSettlementDateInvalid) });
/** POST /api/exits/batch/settle: approved exits settled in one transaction, one entry each, all or nothing. */
export const exitBatchSettleInputSchema = z.object({ exitIds: exitIdsSchema });
export const exitBatchPreviewSchema = z.object({
  items: z.array(z.object({ exitId: z.string(), holderName: z.string(), statement: exitStatementSchema })),
  payableKobo: koboSchema,
  shortfallKobo: koboSchema,
});
export const exitBatchSettleSchema = z.object({ settledCount: z.number().int(), payableKobo: koboSchema });
export type ExitBatchPreview = z.infer<typeof exitBatchPreviewSchema>;
export type ExitBatchSettled = z.infer<typeof exitBatchSettleSchema>;
