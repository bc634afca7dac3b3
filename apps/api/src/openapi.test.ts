import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from './test/test-app.ts';
import { UNEXPRESSIBLE } from './plugins/openapi.ts';
import { successStatusesOf } from './http/route-contract.ts';

type JsonSchema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema: JsonSchema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> }; responses?: object; security?: unknown };
type Document = { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: object } };

let context: TestContext;
let document: Document;

beforeAll(async () => {
  context = await createTestContext();
  const response = await context.client().get('/api/openapi.json');
  if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}: ${response.body}`);
  document = response.json();
});
afterAll(async () => context.close());

/** The API's routes as the gate registered them: the web app's files and shell are not the API. */
function apiRoutes() {
  return context.app.kobo.routes().filter((route) => route.url.startsWith('/api/'));
}

/** Fastify's `/api/loans/:id` is OpenAPI's `/api/loans/{id}`. */
function documentPath(url: string): string {
  return url.replaceAll(/:(\w+)/g, '{$1}');
}

/**
 * The JSON schema of a route's zod schema, converted independently with zod's own converter and
 * the options fastify-type-provider-zod uses for a request (its input side, unrepresentable as
 * any). A field that converts to `{}` is documented with UNEXPRESSIBLE's description.
 */
function expectedSchema(schema: unknown): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema as z.ZodType, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  return withOpaqueDescribed(json) as JsonSchema;
}

function withOpaqueDescribed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withOpaqueDescribed);
  if (value === null || typeof value !== 'object') return value;
  if (Object.keys(value).length === 0) return { description: UNEXPRESSIBLE.description };
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      if (key === 'properties') return [key, Object.fromEntries(Object.entries(child as object).map(([name, field]) => [name, withOpaqueDescribed(field)]))];
      return [key, ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'additionalProperties'].includes(key) ? withOpaqueDescribed(child) : child];
    }),
  );
}

/** The document spreads a query or path schema into parameters; this puts the object back together. */
function parametersAsObject(parameters: Parameter[] | undefined, location: 'query' | 'path') {
  const mine = (parameters ?? []).filter((parameter) => parameter.in === location);
  return {
    properties: Object.fromEntries(mine.map((p) => [p.name, p.description === undefined ? p.schema : { ...p.schema, description: p.description }])),
    required: mine.filter((p) => p.required).map((p) => p.name).toSorted(),
  };
}

/** What the document can say of an object schema as parameters: its properties and which are required. */
function asParameters(schema: JsonSchema) {
  return { properties: schema.properties ?? {}, required: ((schema.required as string[] | undefined) ?? []).toSorted() };
}

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3.1 document in which every operation has responses', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Kobo API');
    expect(Object.keys(document.components.securitySchemes).toSorted()).toEqual(['bearerToken', 'sessionCookie']);
    // The token scopes and what each allows, as Settings shows them (issue 28).
    const bearer = (document.components.securitySchemes as Record<string, { description?: string }>).bearerToken?.description ?? '';
    for (const line of ['`record_expenses` (Record expenses)', '`read_books` (Read the books)', 'A token outside its expiry or IP ranges gets 401']) {
      expect(bearer).toContain(line);
    }
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    // Over eighty routes in issue 15; the exact list is checked route by route below.
    expect(operations.length).toBeGreaterThan(80);
    for (const operation of operations) expect(Object.keys(operation.responses ?? {}).length).toBeGreaterThan(0);
  });

  it('lists every route the gate registered, with its method', () => {
    const missing = apiRoutes()
      .filter((route) => document.paths[documentPath(route.url)]?.[route.method.toLowerCase()] === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    // Nothing in the document that is not a route (a stale or invented path).
    const registered = new Set(apiRoutes().map((route) => `${route.method.toLowerCase()} ${documentPath(route.url)}`));
    const documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method} ${path}`));
    expect(documented.filter((operation) => !registered.has(operation))).toEqual([]);
  });

  it('gives each route the request schemas its own zod schemas convert to', () => {
    // One row per validated part, documented beside expected: a difference names its route.
    const documented: object[] = [];
    const expected: object[] = [];
    for (const route of apiRoutes()) {
      const operation = document.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
      // A missing route fails the test above, by name.
      if (!operation) continue;
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown; params?: unknown };
      const where = `${route.method} ${route.url}`;
      if (schema.body) {
        documented.push({ where, body: operation.requestBody?.content['application/json']?.schema });
        expected.push({ where, body: expectedSchema(schema.body) });
      }
      if (schema.querystring) {
        documented.push({ where, query: parametersAsObject(operation.parameters, 'query') });
        expected.push({ where, query: asParameters(expectedSchema(schema.querystring)) });
      }
      if (schema.params) {
        documented.push({ where, params: parametersAsObject(operation.parameters, 'path') });
        expected.push({ where, params: asParameters(expectedSchema(schema.params)) });
      }
    }
    // Most routes validate something; a comparison of nothing would prove nothing.
    expect(expected.length).toBeGreaterThan(60);
    expect(documented).toEqual(expected);
  });

  it('marks public routes as needing no sign-in and the others as needing a session or a token', () => {
    expect(document.paths['/api/health']!.get!.security).toEqual([]);
    expect(document.paths['/api/savings/batches']!.post!.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
  });
});

describe("each operation's contract (issue 28)", () => {
  type Contracted = Operation & { operationId?: string; responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }>; headers?: object }> };
  const operation = (path: string, method: string) => document.paths[path]![method] as Contracted;

  it('is declared by every route: a success answer with its schema', () => {
    const undeclared = apiRoutes()
      .filter((route) => successStatusesOf({ ...route, config: { access: route.access } }).length === 0)
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('has a stable verb-noun operationId, one per operation', () => {
    const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((entry) => (entry as Contracted).operationId));
    expect(ids.filter((id) => !/^[a-z]+[A-Z][A-Za-z0-9]*$/.test(id ?? ''))).toEqual([]);
    expect(ids.length - new Set(ids).size).toBe(0);
    expect(operation('/api/expenses', 'get').operationId).toBe('listExpenses');
    expect(operation('/api/expenses', 'post').operationId).toBe('createExpense');
  });

  it('documents what POST /api/expenses answers: 201, never 200', () => {
    const responses = operation('/api/expenses', 'post').responses;
    expect(Object.keys(responses)).toEqual(['201', '400', '401', '403', '409', '413', '415', '500', '503']);
    expect(Object.keys(responses['201']!.content!['application/json']!.schema.properties as object)).toEqual(['expense', 'budget', 'message']);
  });

  it("names the codes each refusal can carry, in one error body's shape", () => {
    expect(document.components).toMatchObject({ schemas: { ApiError: { type: 'object', required: ['error', 'message'] } } });
    const notFound = operation('/api/expenses/{id}', 'get').responses['404']!;
    expect(notFound.description).toBe('Refused: NOT_FOUND');
    expect(notFound.content!['application/json']!.schema).toEqual({
      allOf: [{ $ref: '#/components/schemas/ApiError' }, { type: 'object', properties: { error: { type: 'string', enum: ['NOT_FOUND'] } } }],
    });
    expect(operation('/api/auth/sign-in', 'post').responses['429']!.description).toBe('Refused: TOO_MANY_ATTEMPTS');
  });

  it('shows the Idempotency-Key where a route takes it, and what a replay answers', () => {
    const batch = operation('/api/savings/batches', 'post');
    expect(batch.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false }));
    expect(batch.responses['201']!.headers).toHaveProperty('Idempotent-Replayed');
    expect(batch.responses['409']!.description).toContain('IDEMPOTENCY_KEY_REUSED');
    const expense = operation('/api/expenses', 'post');
    expect((expense.parameters ?? []).filter((parameter) => parameter.name === 'Idempotency-Key')).toEqual([]);
  });

  it('says where the API answers', () => {
    expect((document as unknown as { servers: { url: string }[] }).servers).toEqual([{ url: 'http://localhost:3000', description: 'This Kobo' }]);
  });
});

describe('the reference page', () => {
  it('answers HTML that names the operations and loads nothing from another host', async () => {
    const response = await context.client().get('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>Kobo API');
    expect(response.body).toContain('<code>/api/savings/batches</code>');
    expect(response.body.match(/https?:\/\/[^\s"'<>]+/g) ?? []).toEqual([]);
    expect(response.body).not.toContain('<script');
  });
});

describe('the examples on the main operations', () => {
  type Media = { examples?: { example?: { summary?: string; value?: unknown } } };
  const mediaOf = (operation: Operation | undefined, part: 'request' | string) => {
    const op = operation as (Operation & { requestBody?: { content: Record<string, Media> }; responses?: Record<string, { content?: Record<string, Media> }> }) | undefined;
    return part === 'request' ? op?.requestBody?.content['application/json'] : op?.responses?.[part]?.content?.['application/json'];
  };

  it('lists expenses, records one, reads a balance and posts a batch, each with an example', () => {
    const examples = [
      ['GET', '/api/expenses', '200', 'One page of expenses, newest first'],
      ['POST', '/api/expenses', 'request', 'Record ₦2,500.00 of fuel'],
      ['POST', '/api/expenses', '201', 'Record ₦2,500.00 of fuel'],
      ['GET', '/api/savings/me', '200', "A member's own balance, what is held and what is available"],
      ['POST', '/api/savings/batches', 'request', "March's payroll deductions: ₦5,000.00 from KB-0001 (send an Idempotency-Key to retry safely)"],
    ] as const;
    const found = examples.map(([method, path, part]) => [method, path, part, mediaOf(document.paths[path]?.[method.toLowerCase()], part)?.examples?.example?.summary]);
    expect(found).toEqual(examples);
  });

  it('shows a balance whose available part is the balance less what is held', () => {
    const value = mediaOf(document.paths['/api/savings/me']?.get, '200')?.examples?.example?.value as { account: Record<string, number> };
    expect([value.account.balanceKobo, value.account.heldKobo, value.account.availableKobo]).toEqual([12_000_000, 4_000_000, 8_000_000]);
  });
});
