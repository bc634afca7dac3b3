import { z } from 'zod';
import { BOOKS, type Book } from './books.ts';
import { MESSAGES } from './messages.ts';
import { formatNaira, MAX_AMOUNT_KOBO, parseNaira, type Kobo } from './money.ts';
import { isSupportedDate, type IsoDate } from './periods.ts';
import { monthLabel } from './value-dates.ts';
import type {
  entryLineViewSchema,
  entryRequestsViewSchema,
  entryRequestViewSchema,
  openingBalancesViewSchema,
  periodLocksViewSchema,
  periodLockViewSchema,
  postedEntryViewSchema,
} from './schemas/books-entries.ts';

/**
 * Locked months, manual journal entries and opening balances (issue 27,
 * docs/decisions/042-one-ledger.md). The schemas validate the forms in the browser and the bodies
 * on the server; the server then checks what only it knows (today, the chart, the locks).
 */

export const MAX_NARRATION_LENGTH = 500;
export const MAX_ENTRY_LINES = 50;

/** "savings scheme's" / "organisation's": a book as the owner of its books, in a sentence. */
const BOOK_OWNERS: Record<Book, string> = { scheme: "savings scheme's", organisation: "organisation's" };

/** 'The savings scheme's books for October 2026 are locked' (the database's KB423, in words). */
export function periodLockedMessage(book: Book, month: string): string {
  return `The ${BOOK_OWNERS[book]} books for ${monthLabel(month)} are locked`;
}

/** 'Debits and credits must be equal: they differ by ₦500.00'. */
export function entryDifferenceMessage(differenceKobo: number): string {
  return `${MESSAGES.entryUnbalanced}: they differ by ${formatNaira(Math.abs(differenceKobo))}`;
}

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const MONTH_PATTERN = /^[0-9]{4}-(0[1-9]|1[0-2])$/;

export const bookSchema = z.enum(BOOKS, { message: MESSAGES.invalidRequest });
export const bookQuerySchema = z.object({ book: bookSchema.optional() });
export const monthSchema = z.string({ message: MESSAGES.monthInvalid }).regex(MONTH_PATTERN, MESSAGES.monthInvalid);

/** POST /api/books/locks: a past or the current month of one book (the server knows today). */
export const lockMonthSchema = z.object({ book: bookSchema, month: monthSchema });
export type LockMonthInput = z.input<typeof lockMonthSchema>;

export type PeriodLockView = z.infer<typeof periodLockViewSchema>;
export type PeriodLocksView = z.infer<typeof periodLocksViewSchema>;

/** An amount typed in naira on one line: blank is no amount. */
function lineKobo(value: string | null | undefined): Kobo | null | 'invalid' {
  if (value === undefined || value === null || value.trim() === '') return null;
  const kobo = parseNaira(value);
  return kobo !== null && kobo > 0 && kobo <= MAX_AMOUNT_KOBO ? kobo : 'invalid';
}

/** A line as typed: an account and a debit or a credit in naira ('1,500.00'). */
export type EntryLineInput = { accountId: string; debit?: string | null; credit?: string | null };
/** A line as posted: debits positive, credits negative, in kobo. */
export type EntryLine = { accountId: string; amountKobo: number };

/** Each line's signed kobo, or null where the line is not yet a debit or a credit. */
export function entryLineKobo(line: EntryLineInput): number | null {
  const debit = lineKobo(line.debit);
  const credit = lineKobo(line.credit);
  if (debit === 'invalid' || credit === 'invalid') return null;
  if ((debit === null) === (credit === null)) return null;
  return debit !== null ? debit : -(credit as Kobo);
}

/** The form's live totals: what the valid lines debit and credit, and the difference. */
export function entryTotals(lines: EntryLineInput[]): { debitKobo: number; creditKobo: number; differenceKobo: number } {
  let debitKobo = 0;
  let creditKobo = 0;
  for (const line of lines) {
    const kobo = entryLineKobo(line);
    if (kobo === null) continue;
    if (kobo > 0) debitKobo += kobo;
    else creditKobo -= kobo;
  }
  return { debitKobo, creditKobo, differenceKobo: debitKobo - creditKobo };
}

const lineSchema = z.object({
  accountId: z.preprocess(trimmed, z.string().max(200).default('')),
  debit: z.preprocess(trimmed, z.string().max(40).nullish()),
  credit: z.preprocess(trimmed, z.string().max(40).nullish()),
});

function checkLines(lines: z.infer<typeof lineSchema>[], ctx: z.RefinementCtx): void {
  lines.forEach((line, index) => {
    if (!line.accountId) ctx.addIssue({ code: 'custom', path: ['lines', index, 'accountId'], message: MESSAGES.entryLineAccountRequired });
    if (entryLineKobo(line) === null) ctx.addIssue({ code: 'custom', path: ['lines', index, 'amount'], message: MESSAGES.entryLineDebitOrCredit });
  });
}

const valueDateSchema = z.string({ message: MESSAGES.invalidDate }).refine((value) => isSupportedDate(value), { message: MESSAGES.invalidDate });

/**
 * POST /api/books/entries: one balanced entry of 2 to 50 lines, each a debit or a credit. The
 * server also refuses control accounts, retired or other books' accounts, a day in the future,
 * before the books' start or in a locked month.
 */
export const manualEntrySchema = z
  .object({
    book: bookSchema,
    valueDate: valueDateSchema,
    narration: z.preprocess(trimmed, z.string().default('')),
    lines: z.array(lineSchema).max(200),
  })
  .superRefine((value, ctx) => {
    if (!value.narration) ctx.addIssue({ code: 'custom', path: ['narration'], message: MESSAGES.narrationRequired });
    if (value.narration.length > MAX_NARRATION_LENGTH) ctx.addIssue({ code: 'custom', path: ['narration'], message: MESSAGES.narrationTooLong });
    if (value.lines.length < 2 || value.lines.length > MAX_ENTRY_LINES) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: MESSAGES.entryLinesCount });
      return;
    }
    checkLines(value.lines, ctx);
    const { differenceKobo } = entryTotals(value.lines);
    if (differenceKobo !== 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: entryDifferenceMessage(differenceKobo) });
  })
  .transform((value) => ({
    book: value.book,
    valueDate: value.valueDate as IsoDate,
    narration: value.narration,
    lines: value.lines.map((line): EntryLine => ({ accountId: line.accountId, amountKobo: entryLineKobo(line) as number })),
  }));
export type ManualEntryInput = z.input<typeof manualEntrySchema>;
export type ManualEntry = z.output<typeof manualEntrySchema>;

/** POST /api/books/opening: 1 to 50 lines that need not balance; the difference goes to Opening balances. */
export const openingBalancesSchema = z
  .object({ book: bookSchema, valueDate: valueDateSchema, lines: z.array(lineSchema).max(200) })
  .superRefine((value, ctx) => {
    if (value.lines.length < 1 || value.lines.length > MAX_ENTRY_LINES) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: MESSAGES.openingLinesCount });
      return;
    }
    checkLines(value.lines, ctx);
  })
  .transform((value) => ({
    book: value.book,
    valueDate: value.valueDate as IsoDate,
    lines: value.lines.map((line): EntryLine => ({ accountId: line.accountId, amountKobo: entryLineKobo(line) as number })),
  }));
export type OpeningBalancesInput = z.input<typeof openingBalancesSchema>;

export const declineEntryRequestSchema = z
  .object({ reason: z.preprocess(trimmed, z.string().default('')) })
  .superRefine((value, ctx) => {
    if (!value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: MESSAGES.declineReasonRequired });
    if (value.reason.length > MAX_NARRATION_LENGTH) ctx.addIssue({ code: 'custom', path: ['reason'], message: MESSAGES.reasonTooLong });
  });

export const entryRequestStatusSchema = z.enum(['pending', 'approved', 'declined']);
export type EntryRequestStatus = z.infer<typeof entryRequestStatusSchema>;

/** A line of a posted entry or a request, for a screen. */
export type EntryLineView = z.infer<typeof entryLineViewSchema>;

/** A manual entry waiting for a second admin, or decided. */
export type EntryRequestView = z.infer<typeof entryRequestViewSchema>;
export type EntryRequestsView = z.infer<typeof entryRequestsViewSchema>;

/** A posted manual or opening entry. */
export type PostedEntryView = z.infer<typeof postedEntryViewSchema>;
/** 201 posted, or 202 recorded for a second admin. */
export type ManualEntryResult = { entry: PostedEntryView } | { request: EntryRequestView };
/** GET /api/books/opening?book= : the book's opening entry, or null before it is posted. */
export type OpeningBalancesView = z.infer<typeof openingBalancesViewSchema>;
