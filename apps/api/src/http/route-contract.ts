import { z } from 'zod';
import { ERRORS, refusalFor, type ErrorCode, type RouteAccess } from '@kobo/core';

// Module augmentation needs `interface`: a `type` cannot merge into Fastify's declarations.
/* oxlint-disable typescript/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The refusals this route's own work can give (a record not found, a conflict …), beyond those
     * every route of its kind gives, which are derived (errorCodesOf). Codes of core's ERRORS table.
     */
    errors?: readonly ErrorCode[];
    /** The route takes an Idempotency-Key header: a retry with the same key and body answers the first answer again. */
    idempotent?: boolean;
  }
}
/* oxlint-enable typescript/consistent-type-definitions */

/** What a route's contract is read from: its method, its config and its schema, as Fastify holds them. */
export type ContractedRoute = {
  method: string;
  url: string;
  config?: { access?: RouteAccess; errors?: readonly ErrorCode[]; idempotent?: boolean } | undefined;
  schema?: unknown;
};

/** Every error body the API sends (plugins/errors.ts): the code from core's table, its sentence, and the field at fault when there is one. */
export const apiErrorBodySchema = z
  .object({
    error: z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]).describe("The refusal's code, from the table of every refusal the API can give."),
    message: z.string().describe('The sentence a person sees.'),
    field: z.string().optional().describe('The input field at fault, when one is.'),
  })
  .describe('An error');

/**
 * A download's or a stream's answer: bytes of one content type, described for the document. The
 * handler sends a stream or a buffer, which no serializer touches; `any` lets it.
 */
export function fileAnswer(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } } };
}

/** Methods whose body Fastify reads, and which a cross-site request may not make (plugins/security.ts). */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const INPUT_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/**
 * The refusals a route can give, derived from what it declares so no route repeats them:
 * - every route: text Kobo cannot store (plugins/input-guard.ts) and the server's own failure;
 * - a route with input (a schema, or a body it may be sent): 400 when it is not valid;
 * - a state-changing route: a cross-site request, a body over the limit, a body of a type it does not
 *   read (415), a transaction the database undid and that may be sent again (503);
 * - a route that is not public: no session or a dead token (401), a caller without the permission or a token outside its scope (403);
 * - an idempotent route: a key reused with another body (409), a malformed key (400);
 * - and the route's own `config.errors`.
 * Statuses are the table's (ERRORS), but for 415, which the framework gives with the VALIDATION code.
 */
export function errorResponsesOf(route: ContractedRoute): Map<number, ErrorCode[]> {
  const codes = new Set<ErrorCode>(['UNSUPPORTED_CHARACTERS', 'INTERNAL']);
  const { access, errors = [], idempotent = false } = route.config ?? {};
  const stateChanging = STATE_CHANGING.has(route.method.toUpperCase());
  if (stateChanging || idempotent || hasInput(route.schema)) codes.add('VALIDATION');
  if (stateChanging) {
    // TRY_AGAIN: the database undid the transaction (a deadlock), whole; the same request may be sent again.
    for (const code of ['CROSS_SITE_REQUEST', 'PAYLOAD_TOO_LARGE', 'TRY_AGAIN'] as const) codes.add(code);
  }
  if (access !== undefined && access !== 'public') {
    for (const code of ['SIGN_IN_REQUIRED', 'API_TOKEN_INVALID', 'FORBIDDEN', refusalFor(access)] as const) codes.add(code);
  }
  if (idempotent) codes.add('IDEMPOTENCY_KEY_REUSED');
  for (const code of errors) codes.add(code);

  const byStatus = new Map<number, ErrorCode[]>();
  const add = (status: number, code: ErrorCode) => byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  for (const code of [...codes].toSorted()) add(ERRORS[code].status, code);
  if (stateChanging) add(415, 'VALIDATION');
  return new Map([...byStatus].toSorted(([a], [b]) => a - b));
}

/** The success statuses a route declares a response schema for (2xx and 3xx). */
export function successStatusesOf(route: ContractedRoute): number[] {
  return Object.keys(responsesOf(route))
    .map(Number)
    .filter((status) => status >= 200 && status < 400);
}

/**
 * Every status a route may answer: those it declares a schema for (its successes, and an answer of
 * its own such as the health check's 503) and its derived and declared refusals.
 */
export function declaredStatusesOf(route: ContractedRoute): Set<number> {
  return new Set([...Object.keys(responsesOf(route)).map(Number), ...errorResponsesOf(route).keys()]);
}

function responsesOf(route: ContractedRoute): Record<string, unknown> {
  const schema = route.schema as { response?: Record<string, unknown> } | undefined;
  return schema?.response ?? {};
}

function hasInput(schema: unknown): boolean {
  const parts = (schema ?? {}) as Record<string, unknown>;
  return INPUT_PARTS.some((part) => parts[part] !== undefined);
}
