import { z } from 'zod';
import { BOOKS } from '../books.ts';
import { LEDGER_MAPPING_KEYS } from '../books-chart.ts';
import { ledgerAccountResponseSchema } from './books.ts';

/** What Settings › Books' routes answer (issue 27; issue 28): the chart's changes and the mappings. */

/** POST (201) and PATCH /api/books/accounts/:id: the account as it now stands. */
export const ledgerAccountAnswerSchema = z.object({ account: ledgerAccountResponseSchema });

/** GET /api/books/mappings, and every change to a mapping or an item's account: the whole table after it. */
export const ledgerMappingsViewSchema = z.object({
  mappings: z.array(z.object({ key: z.enum(LEDGER_MAPPING_KEYS), label: z.string(), book: z.enum(BOOKS), accountId: z.string() })),
  categories: z.array(z.object({ id: z.string(), name: z.string(), accountId: z.string() })),
  paymentMethods: z.array(z.object({ method: z.string(), accountId: z.string() })),
});
