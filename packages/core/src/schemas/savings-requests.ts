import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { MAX_REASON_LENGTH } from '../savings.ts';
import {
  DEFAULT_REQUEST_PAGE,
  MAX_REQUEST_PAGE,
  SAVINGS_REQUEST_ORIGINS,
  SAVINGS_REQUEST_STATUSES,
  SAVINGS_REQUEST_TYPES,
  type ApprovalSettings,
} from '../savings-requests.ts';
import { isoDateSchema, koboSchema, timestampSchema } from './answer-parts.ts';
import { savingsTransactionViewSchema } from './savings-answers.ts';
import { savingsAmountKobo } from './savings.ts';

/** What the savings requests' routes accept (issue 15); the requests' words and rules are in ../savings-requests.ts. */

/** The admins' list: `pending` (the default) or `decided` (approved, declined or cancelled). */
export const savingsRequestListQuerySchema = z.object({
  status: z.enum(['pending', 'decided'], { message: MESSAGES.invalidRequest }).default('pending'),
  limit: z.coerce.number().int().min(1).max(MAX_REQUEST_PAGE).default(DEFAULT_REQUEST_PAGE),
  /** The `nextBefore` of the previous page. */
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, MESSAGES.invalidRequest)
    .optional(),
});
export type SavingsRequestListQuery = z.input<typeof savingsRequestListQuerySchema>;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** Declining needs a reason, under the reversal's rules (required, at most 500 characters). */
export const declineRequestSchema = z
  .object({ reason: z.preprocess(trimmed, z.string().default('')) })
  .superRefine((value, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', path: ['reason'], message });
    if (!value.reason) return fail(MESSAGES.declineReasonRequired);
    if (value.reason.length > MAX_REASON_LENGTH) return fail(MESSAGES.reasonTooLong);
  });
export type DeclineRequestInput = z.input<typeof declineRequestSchema>;

/** Cancelling by its maker: a reason is optional. */
export const cancelRequestSchema = z.preprocess(
  (value) => value ?? {},
  z
    .object({ reason: z.preprocess(trimmed, z.string().max(MAX_REASON_LENGTH, MESSAGES.reasonTooLong).nullish()) })
    .transform((value) => ({ reason: value.reason || null })),
);
export type CancelRequestInput = z.input<typeof cancelRequestSchema>;

/**
 * PUT /api/savings/approval-settings. The threshold is sent in naira as every amount is
 * (`twoPersonThreshold: '50000.00'`, two decimals at most, above ₦0, at most the cap); null or
 * blank turns two-person approval off. The answer is the GET shape (`twoPersonThresholdKobo`).
 */
export const approvalSettingsSchema = z
  .object({
    twoPersonThreshold: z.unknown().optional(),
    memberPostingsDirect: z.boolean({ message: MESSAGES.invalidRequest }),
  })
  .superRefine((value, ctx) => {
    const threshold = value.twoPersonThreshold;
    const blank = threshold === null || threshold === undefined || (typeof threshold === 'string' && threshold.trim() === '');
    if (!blank && savingsAmountKobo(threshold) === null) {
      ctx.addIssue({ code: 'custom', path: ['twoPersonThreshold'], message: MESSAGES.approvalThresholdInvalid });
    }
  })
  .transform(
    (value): ApprovalSettings => ({
      twoPersonThresholdKobo: savingsAmountKobo(value.twoPersonThreshold),
      memberPostingsDirect: value.memberPostingsDirect,
    }),
  );
export type ApprovalSettingsInput = z.input<typeof approvalSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// What the requests' routes answer (issue 28); the types in ../savings-requests.ts are inferred from these.
// ---------------------------------------------------------------------------------------------

/** A person as a request shows them. */
export const savingsRequestPersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
/** A holder as a request shows them; null once their user record is deleted. */
export const savingsRequestHolderSchema = z.object({ userId: z.string(), name: z.string(), staffId: z.string().nullable(), email: z.string() });

export const savingsRequestViewSchema = z.object({
  id: z.string(),
  origin: z.enum(SAVINGS_REQUEST_ORIGINS),
  type: z.enum(SAVINGS_REQUEST_TYPES),
  status: z.enum(SAVINGS_REQUEST_STATUSES),
  /** Whose money it is (a transfer's sender). */
  holder: savingsRequestHolderSchema.nullable(),
  /** A transfer's recipient; null for deposits and withdrawals. */
  to: savingsRequestHolderSchema.nullable(),
  amountKobo: koboSchema,
  description: z.string().nullable(),
  valueDate: isoDateSchema,
  /** Who asked: the admin (two_person) or the member (member). */
  maker: savingsRequestPersonSchema,
  createdAt: timestampSchema,
  decidedBy: savingsRequestPersonSchema.nullable(),
  decidedAt: timestampSchema.nullable(),
  /** Why it was declined or cancelled. */
  reason: z.string().nullable(),
  /** The posting its approval made (a transfer's outgoing leg). */
  transactionId: z.string().nullable(),
});

/**
 * What POST /api/savings/transactions and /api/savings/transfers answer with 202 when they record a
 * request instead of posting (nothing moved yet). POST .../decline and .../cancel answer the same shape.
 */
export const savingsRequestAnswerSchema = z.object({ request: savingsRequestViewSchema });
/** POST /api/savings/requests/:id/approve: the request, and the posting it made (a transfer's outgoing leg). */
export const savingsRequestApprovedSchema = z.object({ request: savingsRequestViewSchema, transaction: savingsTransactionViewSchema });
/**
 * Issue 34: the holder's account beside a pending request, so the checker sees what approving
 * leaves: the balance and available balance now (available already net of this request's hold),
 * and both after approval (savings-requests.ts's approvalLeaves). Null once decided, or when the
 * holder is gone.
 */
export const savingsRequestStandingSchema = z.object({
  balanceKobo: koboSchema,
  availableKobo: koboSchema,
  balanceAfterKobo: koboSchema,
  availableAfterKobo: koboSchema,
});
/** One request on the checkers' list: the request, and its holder's standing while it is pending. */
export const savingsRequestListItemSchema = savingsRequestViewSchema.extend({ standing: savingsRequestStandingSchema.nullable() });
/** GET /api/savings/requests: newest first; `nextBefore` (an opaque cursor) is there when older ones remain. */
export const savingsRequestListSchema = z.object({ requests: z.array(savingsRequestListItemSchema), nextBefore: z.string().optional() });
/** GET /api/savings/requests/count: for the navigation badge. */
export const savingsRequestCountSchema = z.object({ pending: z.number().int() });
/** GET /api/savings/requests/mine: the requests on the caller's own account, newest first. */
export const mySavingsRequestsSchema = z.object({ requests: z.array(savingsRequestViewSchema) });

/** GET and PUT /api/savings/approval-settings. */
export const approvalSettingsAnswerSchema = z.object({
  /** A withdrawal or transfer strictly above this waits for a second admin; null: off (the default). */
  twoPersonThresholdKobo: koboSchema.nullable(),
  /** True restores the old behaviour: a regular user's own postings move money at once. */
  memberPostingsDirect: z.boolean(),
});
