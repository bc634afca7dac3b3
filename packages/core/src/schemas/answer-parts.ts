import { z } from 'zod';
import type { Kobo } from '../money.ts';

/**
 * The small parts the API's answer schemas are built from (issue 28: every route declares its
 * answers, and the screens' types are inferred from the same schemas).
 */

/**
 * Integer kobo, typed as core's branded `Kobo`. The cast only names the output type: at run time it
 * is a plain integer schema, so it serialises and converts to JSON Schema like any other number.
 */
export const koboSchema = z.number().int() as unknown as z.ZodType<Kobo, Kobo>;

/** A signed sum of kobo that is not itself an amount (a surplus, a running balance): plain integer. */
export const signedKoboSchema = z.number().int();

/** A day ('YYYY-MM-DD'), month ('YYYY-MM') or ISO time as the API writes it. */
export const isoDateSchema = z.string().describe('A day, YYYY-MM-DD');
export const monthAnswerSchema = z.string().describe('A month, YYYY-MM');
export const timestampSchema = z.string().describe('An ISO 8601 time');

/**
 * A download's answer (a workbook, a PDF): its media type and what it holds, in the form a route's
 * `schema.response` takes for a body that is not JSON (docs/decisions/044-route-contracts.md).
 */
export function fileAnswer(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: z.string().meta({ format: 'binary' }) } } };
}
