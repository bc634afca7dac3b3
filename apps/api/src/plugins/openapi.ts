import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_TOKEN_SCOPES_DESCRIPTION, type RouteAccess } from '@kobo/core';
import { renderApiReference } from './openapi-page.ts';
import { errorResponsesOf } from '../http/route-contract.ts';
import { describeContracts, operationIdOf } from './openapi-contracts.ts';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/** The security schemes' names in the document (docs/decisions/028-openapi.md). */
export const SESSION_SCHEME = 'sessionCookie';
export const BEARER_SCHEME = 'bearerToken';

/** The request parts a route validates with zod; each is converted on its own so one bad part cannot sink the rest. */
const REQUEST_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/** What stands in for a schema JSON Schema cannot express (the route still validates it in full). */
export const UNEXPRESSIBLE = {
  description: 'This input is checked by rules JSON Schema cannot express; the API answers 400 with the reason when it is not met.',
};

/**
 * The OpenAPI 3.1 document, generated from the very zod schemas the routes validate with
 * (fastify-type-provider-zod converts them, request parts as their input side), served at
 * /api/openapi.json with a self-contained reference page at /api/docs.
 *
 * Registered before any route: @fastify/swagger collects routes as they register.
 */
export async function registerOpenApi(app: FastifyInstance, options: { appUrl?: string } = {}) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      // Where this instance answers (APP_URL); the paths below already begin with /api.
      ...(options.appUrl ? { servers: [{ url: options.appUrl, description: 'This Kobo' }] } : {}),
      info: {
        title: 'Kobo API',
        version: readKoboVersion(),
        description:
          'The API the Kobo web app itself uses: staff savings, loans, expenses, reports and administration. ' +
          'Amounts are integer kobo unless a field says otherwise. Errors answer with a JSON body naming the field at fault.',
      },
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'kobo.session_token',
            description: 'The session a browser gets from POST /api/auth/sign-in (named __Secure-kobo.session_token behind HTTPS).',
          },
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: `An API token an administrator creates (Authorization: Bearer …).\n\n${API_TOKEN_SCOPES_DESCRIPTION}`,
          },
        },
      },
    },
    // OpenAPI 3.1 has `const`; the rewrite to `enum` is only for swagger-ui, which Kobo does not use.
    convertConstToEnum: false,
    transform: documentRoute,
    transformObject: withModuleTags,
  });

  let documentText: string | undefined;
  app.get(
    OPENAPI_JSON_PATH,
    { config: { access: 'public' }, schema: { summary: 'This document', operationId: 'getOpenApiDocument', response: { 200: DOCUMENT_RESPONSE } } },
    // The document is a megabyte that does not change while the process runs: written once, on the
    // first call, and sent as it is (serializing it on every call held the event loop for 280 ms).
    async (_request, reply) => {
      documentText ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(documentText);
    },
  );

  let page: string | undefined;
  const pageSchema = { summary: 'The readable reference page of this document', operationId: 'getApiReference', response: { 200: PAGE_RESPONSE } };
  app.get(API_DOCS_PATH, { config: { access: 'public' }, schema: pageSchema }, async (_request, reply) => {
    page ??= renderApiReference(app.swagger());
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
}

/** The document itself: any JSON object (its shape is OpenAPI 3.1's), written as it is. */
const DOCUMENT_RESPONSE = z.record(z.string(), z.unknown()).describe('This OpenAPI 3.1 document');
const PAGE_RESPONSE = { description: 'The reference page', content: { 'text/html': { schema: z.string() } } };

/**
 * Each route as one operation: its zod schemas converted, a tag for its module, who may call it,
 * its operationId, and the refusals it can give (turned into responses by describeContracts).
 */
const documentRoute: SwaggerTransform<FastifySchema & { hide?: boolean }> = (input) => {
  const { url, route } = input;
  // The web app's files and its shell are not part of the API.
  if (!url.startsWith('/api/')) return { schema: { hide: true }, url };
  const converted = describeOpaque(convertSchemas(input));
  const access = route.config?.access;
  const contract = { method: route.method as string, url, config: route.config, schema: input.schema };
  return {
    url,
    schema: {
      ...converted,
      operationId: (input.schema as { operationId?: string } | undefined)?.operationId ?? operationIdOf(contract.method, url),
      tags: [tagOf(url)],
      security: securityFor(access),
      ...(access === undefined ? {} : { 'x-kobo-access': access }),
      'x-kobo-errors': Object.fromEntries(errorResponsesOf(contract)),
      ...(route.config?.idempotent ? { 'x-kobo-idempotent': true } : {}),
    },
  };
};

/** The library's conversion; a part it cannot convert becomes UNEXPRESSIBLE instead of stopping the app. */
function convertSchemas(input: Parameters<typeof documentRoute>[0]): FastifySchema {
  try {
    return jsonSchemaTransform(input).schema;
  } catch {
    const schema: Record<string, unknown> = { ...input.schema };
    for (const part of REQUEST_PARTS) {
      if (schema[part] === undefined) continue;
      try {
        schema[part] = jsonSchemaTransform({ ...input, schema: { [part]: schema[part] } }).schema[part];
      } catch {
        schema[part] = UNEXPRESSIBLE;
      }
    }
    if (schema.response !== undefined) {
      try {
        schema.response = jsonSchemaTransform({ ...input, schema: { response: schema.response } }).schema.response;
      } catch {
        delete schema.response;
      }
    }
    return schema;
  }
}

/** The zod registry's components, and the list of tags (one per module) the operations use. */
const withModuleTags: SwaggerTransformObject = (input) => {
  const document = describeContracts(jsonSchemaTransformObject(input) as Parameters<typeof describeContracts>[0]);
  const used = Object.values(document.paths ?? {}).flatMap((item) => Object.values(item).flatMap((operation) => operation.tags ?? []));
  return { ...document, tags: [...new Set(used)].toSorted().map((name) => ({ name })) };
};

/**
 * A field validated by hand (z.unknown() with superRefine, or a preprocess whose input is any
 * value) converts to `{}`, which says nothing; it is given UNEXPRESSIBLE's description instead.
 */
function describeOpaque(schema: FastifySchema): FastifySchema {
  const described: Record<string, unknown> = { ...schema };
  for (const part of REQUEST_PARTS) {
    if (described[part] !== undefined) described[part] = describeEmpty(described[part]);
  }
  return described;
}

function describeEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(describeEmpty);
  if (value === null || typeof value !== 'object') return value;
  if (Object.keys(value).length === 0) return { ...UNEXPRESSIBLE };
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, SUBSCHEMA_KEYS.has(key) ? describeEmptyIn(key, child) : child]),
  );
}

/** Where a JSON schema holds subschemas: `properties` maps names to them, the others hold one or a list. */
const SUBSCHEMA_KEYS = new Set(['properties', 'items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']);

function describeEmptyIn(key: string, child: unknown): unknown {
  if (key !== 'properties' || child === null || typeof child !== 'object') return describeEmpty(child);
  return Object.fromEntries(Object.entries(child).map(([name, property]) => [name, describeEmpty(property)]));
}

/** The module a route belongs to, from its first path segment after /api (/api/savings/... is "savings"). */
export function tagOf(url: string): string {
  if (url === OPENAPI_JSON_PATH || url === API_DOCS_PATH) return 'documentation';
  return url.split('/')[2] || 'api';
}

/** Public routes need nothing; every other route a signed-in session or an API token with the right scope. */
function securityFor(access: RouteAccess | undefined): Record<string, string[]>[] {
  if (access === 'public') return [];
  return [{ [SESSION_SCHEME]: [] }, { [BEARER_SCHEME]: [] }];
}

/** The root package.json's version, when it declares one. */
function readKoboVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}
