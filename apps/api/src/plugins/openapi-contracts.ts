import { z } from 'zod';
import { apiErrorBodySchema } from '../http/route-contract.ts';
import { EXAMPLES } from './openapi-examples.ts';

/**
 * The parts of the OpenAPI document that come from each route's contract rather than from its zod
 * schemas (docs/decisions/044-route-contracts.md): the refusals it can give, as responses that
 * point at one error component; the Idempotency-Key header and what a replay answers; examples.
 */

type Schema = Record<string, unknown>;
type MediaType = { schema?: Schema; examples?: Record<string, { summary: string; value: unknown }> };
type Response = { description: string; content?: Record<string, MediaType>; headers?: Record<string, unknown> };
type Operation = {
  tags?: string[];
  parameters?: object[];
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, Response>;
  'x-kobo-errors'?: Record<string, string[]>;
  'x-kobo-idempotent'?: boolean;
};
type Document = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };

export const API_ERROR_COMPONENT = 'ApiError';

const IDEMPOTENCY_HEADER = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description:
    'Any text of your choosing (1 to 200 printable characters, no spaces), new for each posting. Send the same key with the same body to retry safely: ' +
    'the posting happens once, and the retry answers what the first request answered, with `Idempotent-Replayed: true`. ' +
    'The same key with another body is refused (409 IDEMPOTENCY_KEY_REUSED).',
  schema: { type: 'string', minLength: 1, maxLength: 200 },
};

const REPLAYED_HEADER = {
  description: "`true` when this answer is an earlier request's, replayed for the same Idempotency-Key: nothing was posted again.",
  schema: { type: 'string', const: 'true' },
};

/** Adds the error component, each operation's refusals, the Idempotency-Key where a route takes it, and the examples. */
export function describeContracts<T extends Document>(document: T): T {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      addRefusals(operation);
      if (operation['x-kobo-idempotent']) addIdempotency(operation);
      delete operation['x-kobo-idempotent'];
      addExamples(operation, EXAMPLES[`${method.toUpperCase()} ${path}`]);
    }
  }
  const { $schema: _dialect, ...errorSchema } = z.toJSONSchema(apiErrorBodySchema, { io: 'output', target: 'draft-2020-12' });
  document.components = { ...document.components, schemas: { ...document.components?.schemas, [API_ERROR_COMPONENT]: errorSchema } };
  return document;
}

/** One response per refusal status, naming the codes the operation can give with it. */
function addRefusals(operation: Operation) {
  const refusals = operation['x-kobo-errors'] ?? {};
  delete operation['x-kobo-errors'];
  operation.responses ??= {};
  for (const [status, codes] of Object.entries(refusals)) {
    // A status the route answers with a body of its own (the health check's 503) keeps its schema.
    if (operation.responses[status]) continue;
    operation.responses[status] = {
      description: `Refused: ${codes.join(', ')}`,
      content: {
        'application/json': {
          schema: { allOf: [{ $ref: `#/components/schemas/${API_ERROR_COMPONENT}` }, { type: 'object', properties: { error: { type: 'string', enum: codes } } }] },
        },
      },
    };
  }
}

function addIdempotency(operation: Operation) {
  operation.parameters = [...(operation.parameters ?? []), IDEMPOTENCY_HEADER];
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!status.startsWith('2')) continue;
    response.headers = { ...response.headers, 'Idempotent-Replayed': REPLAYED_HEADER };
    response.description = `${response.description === 'Default Response' ? 'Done' : response.description}. A retry with the same Idempotency-Key and body answers this again, with Idempotent-Replayed: true.`;
  }
}

export type OperationExample = {
  summary: string;
  request?: unknown;
  response?: { status: number; value: unknown };
};

function addExamples(operation: Operation, example: OperationExample | undefined) {
  if (!example) return;
  const requestMedia = operation.requestBody?.content?.['application/json'];
  if (requestMedia && example.request !== undefined) requestMedia.examples = { example: { summary: example.summary, value: example.request } };
  const responseMedia = example.response ? operation.responses?.[String(example.response.status)]?.content?.['application/json'] : undefined;
  if (responseMedia && example.response) responseMedia.examples = { example: { summary: example.summary, value: example.response.value } };
}

/**
 * A route's operationId when it declares none: its verb and the named segments of its path
 * (GET /api/savings/statement → getSavingsStatement). Stable while the route's path is; routes
 * name their own where this reads badly (schema.operationId: listExpenses, signIn …).
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .slice(2)
    .filter((segment) => segment !== '' && !segment.startsWith(':'))
    .flatMap((segment) => segment.split(/[-_]/));
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
}
