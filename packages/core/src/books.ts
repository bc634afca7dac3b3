import type { z } from 'zod';
import type {
  balanceSheetResponseSchema,
  bookReportRowSchema,
  generalLedgerResponseSchema,
  incomeStatementResponseSchema,
  journalEntryViewSchema,
  journalLineViewSchema,
  journalPageResponseSchema,
  journalSourceLinkSchema,
  ledgerAccountResponseSchema,
  trialBalanceResponseSchema,
} from './schemas/books.ts';

/**
 * The books (issue 27, docs/decisions/042-one-ledger.md). Two books, each with its own chart and
 * trial balance: the savings scheme's money is never the organisation's.
 */
export const BOOKS = ['scheme', 'organisation'] as const;
export type Book = (typeof BOOKS)[number];
export const BOOK_LABELS: Record<Book, string> = { scheme: 'Savings scheme', organisation: 'Organisation' };

export const ACCOUNT_KINDS = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
/** Headings, in the order a chart of accounts and a trial balance list them. */
export const ACCOUNT_KIND_LABELS: Record<AccountKind, string> = {
  asset: 'Assets',
  liability: 'Liabilities',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expenses',
};

/** Assets and expenses grow by debits; liabilities, equity and income by credits. */
export function isDebitNormal(kind: AccountKind): boolean {
  return kind === 'asset' || kind === 'expense';
}

/**
 * An account's balance as its kind reads it (positive when it holds what it should), from the
 * journal's signed sum (debits positive, credits negative).
 */
export function naturalBalance(kind: AccountKind, signedKobo: number): number {
  return isDebitNormal(kind) ? signedKobo : -signedKobo;
}

/** What a control account's lines name: each member's savings, or each loan. */
export const SUBLEDGERS = ['member_savings', 'loans'] as const;
export type Subledger = (typeof SUBLEDGERS)[number];

/** What made a journal entry; a payroll batch's savings are one entry (migration 0021). */
export const JOURNAL_SOURCES = [
  'savings',
  'savings_batch',
  'loan',
  'expense',
  'manual',
  'opening',
  'write_off',
  'payroll',
  'year_end',
  'year_close',
  'exit',
  'loan_recovery',
  'provision',
  'penalty',
] as const;
export type JournalSource = (typeof JOURNAL_SOURCES)[number];
export const JOURNAL_SOURCE_LABELS: Record<JournalSource, string> = {
  savings: 'Savings',
  savings_batch: 'Payroll batch',
  loan: 'Loan',
  expense: 'Expense',
  manual: 'Manual entry',
  opening: 'Opening balances',
  write_off: 'Write-off',
  payroll: 'Payroll remittance',
  year_end: 'Year end',
  year_close: 'Closing the year',
  exit: 'Member exit',
  loan_recovery: 'Recovery from guarantors',
  penalty: 'Loan penalty',
  // Issue 33, part C: a month-end loan loss provision run.
  provision: 'Loan loss provision',
};

/** One account of a chart (GET /api/books/accounts). */
export type LedgerAccountView = z.infer<typeof ledgerAccountResponseSchema>;

/** One account's line in a report: its balance read the way its kind reads (see naturalBalance). */
export type BookReportRow = z.infer<typeof bookReportRowSchema>;

/** GET /api/books/trial-balance?book=&asOf= : every account with a balance, in debit or credit. */
export type TrialBalanceView = z.infer<typeof trialBalanceResponseSchema>;

/** GET /api/books/income-statement?book=&from=&to= : income and expenditure for the period. */
export type IncomeStatementView = z.infer<typeof incomeStatementResponseSchema>;

/**
 * GET /api/books/balance-sheet?book=&asOf= : assets against liabilities and equity. Income and
 * expenses not yet closed to equity stand in equity as one line, "Surplus to date".
 */
export type BalanceSheetView = z.infer<typeof balanceSheetResponseSchema>;

/**
 * Where a journal entry came from, for a link to the screen that shows it (null for manual entries).
 * A savings link carries the savings account's id and the holder's `ref` (staff ID, else user id),
 * which their savings page is addressed by; null when the holder is gone.
 */
export type JournalSourceLink = z.infer<typeof journalSourceLinkSchema>;

export type JournalLineView = z.infer<typeof journalLineViewSchema>;

/** GET /api/books/journal?book=&from=&to=&cursor= : entries, newest value date first. */
export type JournalEntryView = z.infer<typeof journalEntryViewSchema>;
export type JournalPage = z.infer<typeof journalPageResponseSchema>;

/** GET /api/books/accounts/:id/ledger?from=&to=&cursor= : one account's lines with a running balance. */
export type GeneralLedgerView = z.infer<typeof generalLedgerResponseSchema>;
