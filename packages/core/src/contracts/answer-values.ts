import { z } from 'zod';
import type { Kobo } from '../money.ts';

/**
 * The answer parts the expenses, budgets, receipts and audit contracts are built from. Issue 28's
 * other half builds its answers from schemas/answer-parts.ts, which holds the same three; once
 * that file is committed these import from it instead (docs/decisions/044-route-contracts.md).
 */

/** Integer kobo, typed as core's branded `Kobo` (at run time a plain integer schema). */
export const koboSchema = z.number().int() as unknown as z.ZodType<Kobo, Kobo>;
export const isoDateSchema = z.string().describe('A day, YYYY-MM-DD');
export const timestampSchema = z.string().describe('An ISO 8601 time');
