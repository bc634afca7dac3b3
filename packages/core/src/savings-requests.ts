import { formatNaira, MAX_AMOUNT_KOBO, type Kobo } from './money.ts';
import { heldAgainstLoanMessage } from './loans/products.ts';
import type { z } from 'zod';
import type {
  approvalSettingsAnswerSchema,
  mySavingsRequestsSchema,
  savingsRequestAnswerSchema,
  savingsRequestApprovedSchema,
  savingsRequestCountSchema,
  savingsRequestHolderSchema,
  savingsRequestListItemSchema,
  savingsRequestListSchema,
  savingsRequestPersonSchema,
  savingsRequestStandingSchema,
  savingsRequestViewSchema,
} from './schemas/savings-requests.ts';

/**
 * Savings requests (issue 15; docs/decisions/021-two-person-approval.md): a posting that waits for
 * an administrator. `two_person`: an admin's withdrawal or transfer above the threshold, waiting
 * for a second admin. `member`: a regular user's own deposit or withdrawal, waiting for an admin to
 * confirm the money arrived or was paid out. `shares` (issue 29): a transfer of shares to another
 * member, which a second officer always approves.
 */
export const SAVINGS_REQUEST_ORIGINS = ['two_person', 'member', 'shares'] as const;
export type SavingsRequestOrigin = (typeof SAVINGS_REQUEST_ORIGINS)[number];
export const SAVINGS_REQUEST_TYPES = ['deposit', 'withdrawal', 'transfer'] as const;
export type SavingsRequestType = (typeof SAVINGS_REQUEST_TYPES)[number];
export const SAVINGS_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'cancelled'] as const;
export type SavingsRequestStatus = (typeof SAVINGS_REQUEST_STATUSES)[number];

export const SAVINGS_REQUEST_ORIGIN_LABELS = {
  two_person: 'Second approval',
  member: "Member's request",
  shares: 'Share transfer',
} as const satisfies Record<SavingsRequestOrigin, string>;
export const SAVINGS_REQUEST_TYPE_LABELS = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  transfer: 'Transfer',
} as const satisfies Record<SavingsRequestType, string>;
export const SAVINGS_REQUEST_STATUS_LABELS = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  cancelled: 'Cancelled',
} as const satisfies Record<SavingsRequestStatus, string>;

/** A person as a request shows them. */
export type SavingsRequestPerson = z.infer<typeof savingsRequestPersonSchema>;
/** A holder as a request shows them; null once their user record is deleted. */
export type SavingsRequestHolder = z.infer<typeof savingsRequestHolderSchema>;

export type SavingsRequestView = z.infer<typeof savingsRequestViewSchema>;

/**
 * What POST /api/savings/transactions and /api/savings/transfers answer with 202 when they record a
 * request instead of posting (nothing moved yet).
 */
export type SavingsRequestCreated = z.infer<typeof savingsRequestAnswerSchema>;
/** POST /api/savings/requests/:id/approve: the request, and the posting it made (a transfer's outgoing leg). */
export type SavingsRequestApproved = z.infer<typeof savingsRequestApprovedSchema>;
/** POST .../decline and .../cancel. */
export type SavingsRequestDecided = z.infer<typeof savingsRequestAnswerSchema>;

/** GET /api/savings/requests: newest first; `nextBefore` (an opaque cursor) is there when older ones remain. */
export type SavingsRequestList = z.infer<typeof savingsRequestListSchema>;
/** GET /api/savings/requests/count: for the navigation badge. */
export type SavingsRequestCount = z.infer<typeof savingsRequestCountSchema>;
/** GET /api/savings/requests/mine: the requests on the caller's own account, newest first. */
export type MySavingsRequests = z.infer<typeof mySavingsRequestsSchema>;

/** Issue 34: a pending request on the checkers' list, with its holder's balances now and after approval. */
export type SavingsRequestListItem = z.infer<typeof savingsRequestListItemSchema>;
export type SavingsRequestStanding = z.infer<typeof savingsRequestStandingSchema>;

/**
 * What approving a request would leave its holder (issue 34). A withdrawal or transfer already
 * holds its amount while pending, so approval takes it from the balance and releases the hold: the
 * available balance stays as it is. A deposit adds to both. `heldKobo` includes this request's hold.
 */
export function approvalLeaves(
  request: { type: SavingsRequestType; amountKobo: number },
  account: { balanceKobo: number; heldKobo: number },
): SavingsRequestStanding {
  const takesOut = request.type !== 'deposit';
  const balanceAfter = account.balanceKobo + (takesOut ? -request.amountKobo : request.amountKobo);
  const heldAfter = Math.max(0, account.heldKobo - (takesOut ? request.amountKobo : 0));
  return {
    balanceKobo: account.balanceKobo as Kobo,
    availableKobo: Math.max(0, account.balanceKobo - account.heldKobo) as Kobo,
    balanceAfterKobo: balanceAfter as Kobo,
    availableAfterKobo: Math.max(0, balanceAfter - heldAfter) as Kobo,
  };
}

export const MAX_REQUEST_PAGE = 100;
export const DEFAULT_REQUEST_PAGE = 50;

/** The organisation's approval settings, as GET /api/savings/approval-settings answers them. */
export type ApprovalSettings = z.infer<typeof approvalSettingsAnswerSchema>;


/** True when a withdrawal or transfer of `amountKobo` waits for a second admin: strictly above the threshold; never when it is off. */
export function needsSecondOfficer(amountKobo: number, thresholdKobo: number | null): boolean {
  return thresholdKobo !== null && amountKobo > thresholdKobo;
}

/** A threshold as stored (whole kobo from 1 to the cap), or null for anything else: off. */
export function thresholdFromSetting(value: string | null | undefined): Kobo | null {
  if (!value || !/^[1-9][0-9]{0,14}$/.test(value)) return null;
  const kobo = Number(value);
  return kobo <= MAX_AMOUNT_KOBO ? (kobo as Kobo) : null;
}

/** 'Insufficient available balance: ₦X is held for withdrawals awaiting approval'. */
export function heldForApprovalMessage(pendingKobo: Kobo | number): string {
  return `Insufficient available balance: ${formatNaira(pendingKobo)} is held for withdrawals awaiting approval`;
}

/**
 * Why a withdrawal or transfer of `amountKobo` that the balance covers is refused for what is held,
 * or null when it is not refused for a hold (it fits, or the balance itself is short: the caller's
 * own sentence). Loans are named when they alone leave too little (issue 12's sentence, as before);
 * otherwise the requests awaiting approval are the cause (issue 15).
 */
export function heldRefusal(
  amountKobo: number,
  balanceKobo: number,
  loanHeldKobo: number,
  pendingKobo: number,
): { cause: 'loan' | 'pending'; message: string } | null {
  if (amountKobo > balanceKobo || amountKobo <= balanceKobo - loanHeldKobo - pendingKobo) return null;
  if (amountKobo > balanceKobo - loanHeldKobo) return { cause: 'loan', message: heldAgainstLoanMessage(loanHeldKobo as Kobo) };
  return { cause: 'pending', message: heldForApprovalMessage(pendingKobo) };
}
