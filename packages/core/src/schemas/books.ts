import { z } from 'zod';
import { ACCOUNT_KINDS, BOOKS, JOURNAL_SOURCES, SUBLEDGERS, type Book } from '../books.ts';
import { MESSAGES } from '../messages.ts';
import { isSupportedDate, type IsoDate } from '../periods.ts';
import { koboSchema as kobo, signedKoboSchema as signedKobo } from './answer-parts.ts';

/** The books' reports' own sentences (issue 27); the rest are MESSAGES'. */
export const BOOK_REPORT_MESSAGES = {
  chooseBook: 'Please choose the savings scheme or the organisation',
  cursorInvalid: 'This page of the report is no longer valid: start again from the first page',
  exportTooLarge: 'This report has more lines than one download holds (100,000). Choose a shorter date range.',
} as const;

/** The most lines (general ledger) or entries (journal) one .xlsx download holds. */
export const MAX_BOOK_EXPORT_LINES = 100_000;

/** A cursor is opaque base64url text that Kobo wrote; anything else is refused before it is read. */
export const MAX_BOOK_CURSOR_LENGTH = 200;
const CURSOR_PATTERN = /^[A-Za-z0-9_-]+$/;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const blankIsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : trimmed(value));

function isBook(value: unknown): value is Book {
  return (BOOKS as readonly unknown[]).includes(value);
}

/** The book a report reads; absent means the savings scheme's, the book most screens start on. */
const bookInput = z.preprocess(blankIsAbsent, z.unknown().optional()).transform((value, ctx): Book => {
  if (value === undefined) return 'scheme';
  if (!isBook(value)) {
    ctx.addIssue({ code: 'custom', message: BOOK_REPORT_MESSAGES.chooseBook });
    return z.NEVER;
  }
  return value;
});

/** An optional day 'YYYY-MM-DD' within Kobo's supported years; absent means the report's default. */
const dayInput = z.preprocess(blankIsAbsent, z.unknown().optional()).transform((value, ctx): IsoDate | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !isSupportedDate(value)) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.invalidDate });
    return z.NEVER;
  }
  return value;
});

const cursorInput = z.preprocess(blankIsAbsent, z.unknown().optional()).transform((value, ctx): string | undefined => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > MAX_BOOK_CURSOR_LENGTH || !CURSOR_PATTERN.test(value)) {
    ctx.addIssue({ code: 'custom', message: BOOK_REPORT_MESSAGES.cursorInvalid });
    return z.NEVER;
  }
  return value;
});

/** `to` before `from` is refused beside `to`, when both are given (the server checks again once defaults fill them). */
function refuseEndBeforeStart(value: { from?: IsoDate | undefined; to?: IsoDate | undefined }, ctx: z.RefinementCtx) {
  if (value.from && value.to && value.to < value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.endBeforeStart });
}

/** GET /api/books/accounts?book= */
export const bookChartQuerySchema = z.object({ book: bookInput });
/** GET /api/books/trial-balance and /balance-sheet: ?book=&asOf= (asOf defaults to today). */
export const bookAsOfQuerySchema = z.object({ book: bookInput, asOf: dayInput });
/** GET /api/books/income-statement?book=&from=&to= (defaults: 1 January of this year to today). */
export const bookPeriodQuerySchema = z.object({ book: bookInput, from: dayInput, to: dayInput }).superRefine(refuseEndBeforeStart);
/** GET /api/books/accounts/:id/ledger?from=&to=&cursor= */
export const generalLedgerQuerySchema = z.object({ from: dayInput, to: dayInput, cursor: cursorInput }).superRefine(refuseEndBeforeStart);
/** GET /api/books/journal?book=&from=&to=&cursor= (no dates: the whole journal, newest first). */
export const journalQuerySchema = z.object({ book: bookInput, from: dayInput, to: dayInput, cursor: cursorInput }).superRefine(refuseEndBeforeStart);

export type BookAsOfQuery = z.output<typeof bookAsOfQuerySchema>;
export type BookPeriodQuery = z.output<typeof bookPeriodQuerySchema>;
export type GeneralLedgerQuery = z.output<typeof generalLedgerQuerySchema>;
export type JournalQuery = z.output<typeof journalQuerySchema>;

// ---------------------------------------------------------------------------------------------
// The reports' answers, declared on their routes; books.ts's types are inferred from these
// ---------------------------------------------------------------------------------------------

const book = z.enum(BOOKS);
const kind = z.enum(ACCOUNT_KINDS);

/** One account's line in a report: its balance read the way its kind reads (see naturalBalance). */
export const bookReportRowSchema = z.object({ accountId: z.string(), code: z.string(), name: z.string(), kind, balanceKobo: kobo });

/**
 * Where a journal entry came from, for a link to the screen that shows it (null for manual entries).
 * A savings link carries the savings account's id and the holder's `ref` (staff ID, else user id),
 * which their savings page is addressed by; null when the holder is gone.
 */
export const journalSourceLinkSchema = z
  .union([
    z.object({ kind: z.literal('savings_account'), id: z.string(), ref: z.string().nullable() }),
    z.object({ kind: z.enum(['loan', 'expense', 'savings_batch']), id: z.string() }),
  ])
  .nullable();

/** One account of a chart (GET /api/books/accounts). */
export const ledgerAccountResponseSchema = z.object({
  id: z.string(),
  book,
  code: z.string(),
  name: z.string(),
  kind,
  subledger: z.enum(SUBLEDGERS).nullable(),
  /** The default chart's own accounts: they can be renamed, not retired. */
  isSystem: z.boolean(),
  retired: z.boolean(),
  /** An account with postings is never deleted, only retired. */
  hasPostings: z.boolean(),
});
export const ledgerAccountsResponseSchema = z.object({ accounts: z.array(ledgerAccountResponseSchema) });

/** GET /api/books/trial-balance?book=&asOf= : every account with a balance, in debit or credit. */
export const trialBalanceResponseSchema = z.object({
  book,
  asOf: z.string(),
  rows: z.array(z.object({ accountId: z.string(), code: z.string(), name: z.string(), kind, debitKobo: kobo, creditKobo: kobo })),
  totalDebitKobo: kobo,
  totalCreditKobo: kobo,
});

/** GET /api/books/income-statement?book=&from=&to= : income and expenditure for the period. */
export const incomeStatementResponseSchema = z.object({
  book,
  from: z.string(),
  to: z.string(),
  income: z.array(bookReportRowSchema),
  expenses: z.array(bookReportRowSchema),
  totalIncomeKobo: kobo,
  totalExpensesKobo: kobo,
  /** Income less expenses; negative is a deficit. */
  surplusKobo: signedKobo,
});

/**
 * GET /api/books/balance-sheet?book=&asOf= : assets against liabilities and equity. Income and
 * expenses not yet closed to equity stand in equity as one line, "Surplus to date".
 */
export const balanceSheetResponseSchema = z.object({
  book,
  asOf: z.string(),
  assets: z.array(bookReportRowSchema),
  liabilities: z.array(bookReportRowSchema),
  equity: z.array(bookReportRowSchema),
  /** Income less expenses up to asOf (not yet closed to equity by a year end). */
  surplusToDateKobo: signedKobo,
  totalAssetsKobo: signedKobo,
  totalLiabilitiesKobo: signedKobo,
  /** Equity accounts plus the surplus to date. */
  totalEquityKobo: signedKobo,
});

/** GET /api/books/accounts/:id/ledger?from=&to=&cursor= : one account's lines with a running balance. */
export const generalLedgerResponseSchema = z.object({
  account: ledgerAccountResponseSchema,
  from: z.string(),
  to: z.string(),
  /** The balance (read as the account's kind reads it) at the end of the day before `from`. */
  openingKobo: signedKobo,
  lines: z.array(
    z.object({
      entryId: z.string(),
      seq: z.number().int(),
      valueDate: z.string(),
      narration: z.string(),
      link: journalSourceLinkSchema,
      subledgerName: z.string().nullable(),
      debitKobo: kobo,
      creditKobo: kobo,
      /** After this line, read as the account's kind reads it. */
      balanceKobo: signedKobo,
    }),
  ),
  closingKobo: signedKobo,
  nextCursor: z.string().nullable(),
});

export const journalLineViewSchema = z.object({
  accountId: z.string(),
  code: z.string(),
  name: z.string(),
  /** The member (savings account) or loan a control account's line names, and their name. */
  subledgerId: z.string().nullable(),
  subledgerName: z.string().nullable(),
  debitKobo: kobo,
  creditKobo: kobo,
});

/** One entry of GET /api/books/journal, with its lines. */
export const journalEntryViewSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  book,
  valueDate: z.string(),
  narration: z.string(),
  source: z.enum(JOURNAL_SOURCES),
  link: journalSourceLinkSchema,
  reversesEntryId: z.string().nullable(),
  createdAt: z.string(),
  lines: z.array(journalLineViewSchema),
});

/** GET /api/books/journal?book=&from=&to=&cursor= : entries, newest value date first. */
export const journalPageResponseSchema = z.object({ entries: z.array(journalEntryViewSchema), nextCursor: z.string().nullable() });
