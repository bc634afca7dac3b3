import { z } from 'zod';
import { BOOKS } from '../books.ts';
import { entryRequestStatusSchema } from '../books-entries.ts';
import { isoDateSchema, monthAnswerSchema, timestampSchema } from './answer-parts.ts';

/**
 * What the locked months', manual entries' and opening balances' routes answer (issue 27; issue 28).
 * The screens' types (books-entries.ts) are inferred from these.
 */

const book = z.enum(BOOKS);

export const periodLockViewSchema = z.object({ book, month: monthAnswerSchema, lockedAt: timestampSchema, lockedBy: z.string().nullable() });
/** GET /api/books/locks. */
export const periodLocksViewSchema = z.object({ locks: z.array(periodLockViewSchema) });
/** POST /api/books/locks. */
export const periodLockAnswerSchema = z.object({ lock: periodLockViewSchema });

/** A line of a posted entry or a request, for a screen. */
export const entryLineViewSchema = z.object({ accountId: z.string(), code: z.string(), name: z.string(), debitKobo: z.number().int(), creditKobo: z.number().int() });

/** A manual entry waiting for a second admin, or decided. */
export const entryRequestViewSchema = z.object({
  id: z.string(),
  book,
  valueDate: isoDateSchema,
  narration: z.string(),
  lines: z.array(entryLineViewSchema),
  status: entryRequestStatusSchema,
  requestedById: z.string(),
  requestedByName: z.string().nullable(),
  requestedAt: timestampSchema,
  decidedAt: timestampSchema.nullable(),
  declineReason: z.string().nullable(),
  entryId: z.string().nullable(),
});
/** GET /api/books/entry-requests. */
export const entryRequestsViewSchema = z.object({ requests: z.array(entryRequestViewSchema) });
/** POST /api/books/entry-requests/:id/approve and .../decline: the request as decided. */
export const entryRequestAnswerSchema = z.object({ request: entryRequestViewSchema });

/** A posted manual or opening entry. */
export const postedEntryViewSchema = z.object({ id: z.string(), book, valueDate: isoDateSchema, narration: z.string(), lines: z.array(entryLineViewSchema) });
/** POST /api/books/entries (201) and POST /api/books/opening (201): the entry posted. */
export const postedEntryAnswerSchema = z.object({ entry: postedEntryViewSchema });

/** GET /api/books/opening?book= : the book's opening entry, or null before it is posted. */
export const openingBalancesViewSchema = z.object({ book, entry: postedEntryViewSchema.nullable() });
