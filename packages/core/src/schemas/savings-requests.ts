import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { MAX_REASON_LENGTH } from '../savings.ts';
import { DEFAULT_REQUEST_PAGE, MAX_REQUEST_PAGE, type ApprovalSettings } from '../savings-requests.ts';
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
