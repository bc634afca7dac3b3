import type { z } from 'zod';
import type {
  mySavingsSchema,
  postedReversalSchema,
  postedTransactionSchema,
  postedTransferSchema,
  savingsAccountDetailSchema,
  savingsAccountViewSchema,
  savingsHolderListItemSchema,
  savingsPeriodSummarySchema,
  savingsStatementSchema,
  savingsTransactionViewSchema,
  statementRowSchema,
} from '../schemas/savings-answers.ts';

/**
 * What the savings API answers (docs/decisions/007-savings-api.md), shared so the screens type
 * their fetchers with the server's own shapes: inferred from the schemas the routes declare
 * (schemas/savings-answers.ts, issue 28). Money is integer kobo; times are ISO strings.
 */
export type SavingsAccountView = z.infer<typeof savingsAccountViewSchema>;

export type SavingsTransactionView = z.infer<typeof savingsTransactionViewSchema>;

/** One row of the admin's staff picker: everyone who is not an admin. */
export type SavingsHolderListItem = z.infer<typeof savingsHolderListItemSchema>;

export type MySavings = z.infer<typeof mySavingsSchema>;

export type SavingsPeriodSummary = z.infer<typeof savingsPeriodSummarySchema>;

export type SavingsAccountDetail = z.infer<typeof savingsAccountDetailSchema>;

export type PostedTransaction = z.infer<typeof postedTransactionSchema>;

export type PostedTransfer = z.infer<typeof postedTransferSchema>;

export type StatementRow = z.infer<typeof statementRowSchema>;

export type SavingsStatement = z.infer<typeof savingsStatementSchema>;

/** What a reversal answers: the new, opposite postings (two for a transfer) and the accounts after. */
export type PostedReversal = z.infer<typeof postedReversalSchema>;
