import { z } from 'zod';
import { SAVINGS_PERIODS } from '../periods.ts';
import { ROLES } from '../roles.ts';
import { SAVINGS_TRANSACTION_TYPES } from '../savings.ts';
import { isoDateSchema, koboSchema, timestampSchema } from './answer-parts.ts';

/**
 * What the savings API answers (docs/decisions/007-savings-api.md). The routes declare these
 * schemas and the screens' types (contracts/savings.ts) are inferred from them, so both read one
 * shape. Money is integer kobo; times are ISO strings.
 */

export const savingsAccountViewSchema = z.object({
  /** Null until the first posting opens the account: reading a holder never opens one. */
  accountId: z.string().nullable(),
  /** Null once the holder's user record is deleted: the history stays. */
  userId: z.string().nullable(),
  holderName: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
  staffId: z.string().nullable(),
  balanceKobo: koboSchema,
  /**
   * What is held of the balance: loans' liens (issue 12) plus withdrawals and transfers awaiting
   * approval (issue 15). The available balance is balance − held.
   */
  heldKobo: koboSchema,
  /** The part of heldKobo that withdrawals and transfers awaiting approval hold (issue 15). */
  pendingKobo: koboSchema,
  /** What a withdrawal or transfer may take: balance − held, worked out once, by the server (issue 27). */
  availableKobo: koboSchema,
  lastUpdated: timestampSchema,
  createdAt: timestampSchema,
});

export const savingsTransactionViewSchema = z.object({
  id: z.string(),
  type: z.enum(SAVINGS_TRANSACTION_TYPES),
  amountKobo: koboSchema,
  description: z.string().nullable(),
  createdAt: timestampSchema,
  createdByEmail: z.string(),
  /** The admin who posted it; null when holders post on their own account. */
  processedByEmail: z.string().nullable(),
  /** Both legs of a transfer share it. */
  transferId: z.string().nullable(),
  counterpartyAccountId: z.string().nullable(),
  /** The other side of a transfer: the recipient on transfer_out, the sender on transfer_in. */
  counterpartyName: z.string().nullable(),
  /** The day the money counts for (issue 11); histories show createdAt too where the days differ. */
  valueDate: isoDateSchema,
  /** On a reversal: the posting it undoes, and why. */
  reversesId: z.string().nullable(),
  reason: z.string().nullable(),
  /** On a reversed posting: the reversal that undid it. */
  reversedById: z.string().nullable(),
  /** The monthly run or payroll file it came from. */
  batchId: z.string().nullable(),
});

/** One row of the admin's staff picker: everyone who is not an admin. */
export const savingsHolderListItemSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  staffId: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  active: z.boolean(),
  /** Null until the account is first needed (regular users); staff always have one. */
  accountId: z.string().nullable(),
  balanceKobo: koboSchema,
  /** What loans and pending requests hold (issues 12, 15): a withdrawal or transfer may take only the rest. */
  heldKobo: koboSchema,
  /** The part of heldKobo that withdrawals and transfers awaiting approval hold (issue 15). */
  pendingKobo: koboSchema,
  /** What a withdrawal or transfer may take: balance − held, worked out once, by the server (issue 27). */
  availableKobo: koboSchema,
  lastUpdated: timestampSchema.nullable(),
  /** The standing monthly contribution (issue 11); 0 means none. */
  monthlyContributionKobo: koboSchema,
});

/** GET /api/savings/holders. */
export const savingsHoldersAnswerSchema = z.object({ holders: z.array(savingsHolderListItemSchema) });
/** POST /api/savings/staff (201). */
export const createdStaffAnswerSchema = z.object({ staff: savingsHolderListItemSchema });

/** GET /api/savings/me. */
export const mySavingsSchema = z.object({
  account: savingsAccountViewSchema,
  transactions: z.array(savingsTransactionViewSchema),
  /**
   * Issue 34: true when the caller's own deposit or withdrawal only files a request for an
   * administrator (the default, issue 15), so the form's button says 'Request a withdrawal'.
   */
  postingsAreRequests: z.boolean().optional(),
});

export const savingsPeriodSummarySchema = z.object({ balanceKobo: koboSchema, inflowKobo: koboSchema, outflowKobo: koboSchema, netKobo: koboSchema });

/** GET /api/savings/accounts/:ref. */
export const savingsAccountDetailSchema = z.object({
  account: savingsAccountViewSchema,
  period: z.object({ name: z.enum(SAVINGS_PERIODS), start: z.string(), end: z.string() }),
  summary: savingsPeriodSummarySchema,
  transactions: z.array(savingsTransactionViewSchema),
});

/** POST /api/savings/transactions (201). */
export const postedTransactionSchema = z.object({ transaction: savingsTransactionViewSchema, account: savingsAccountViewSchema });

/** POST /api/savings/transfers (201). */
export const postedTransferSchema = z.object({
  transferId: z.string(),
  createdAt: timestampSchema,
  amountKobo: koboSchema,
  out: savingsTransactionViewSchema,
  in: savingsTransactionViewSchema,
  from: savingsAccountViewSchema,
  to: savingsAccountViewSchema,
});

export const statementRowSchema = savingsTransactionViewSchema.extend({ balanceAfterKobo: koboSchema });

/** GET /api/savings/statement. */
export const savingsStatementSchema = z.object({
  account: savingsAccountViewSchema,
  from: z.string(),
  to: z.string(),
  openingBalanceKobo: koboSchema,
  closingBalanceKobo: koboSchema,
  rows: z.array(statementRowSchema),
});

/** POST /api/savings/transactions/:id/reversal (201): the new, opposite postings (two for a transfer) and the accounts after. */
export const postedReversalSchema = z.object({
  reversed: z.array(savingsTransactionViewSchema),
  reversals: z.array(savingsTransactionViewSchema),
  accounts: z.array(savingsAccountViewSchema),
});
