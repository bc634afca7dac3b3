import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { isIsoDate, isSupportedDate, type IsoDate } from './periods.ts';

/**
 * The books' start date (issue 26; docs/decisions/039-statements-never-below-zero.md): no posting
 * is valued before it. `isSet` is false while the admin has not chosen one and the default stands
 * (the earliest value date in the ledger, or the day Kobo was set up, whichever is earlier).
 */
export type BooksStart = { booksStart: IsoDate; isSet: boolean };

/** PUT /api/savings/books-start: `{ booksStart: 'YYYY-MM-DD' }`; a day in the future is refused by the server, which knows today. */
export const booksStartSchema = z.object({
  booksStart: z.string({ message: MESSAGES.invalidDate }).refine((value) => isIsoDate(value) && isSupportedDate(value), { message: MESSAGES.invalidDate }),
});
export type BooksStartInput = z.input<typeof booksStartSchema>;

/** The answer of GET and PUT /api/savings/books-start. */
export const booksStartResponseSchema = z.object({ booksStart: z.string(), isSet: z.boolean() });
