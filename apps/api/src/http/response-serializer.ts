import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import build from 'fast-json-stringify';
import { z } from 'zod';

/**
 * How a route's answer is written (docs/decisions/044-route-contracts.md): its declared zod schema
 * is turned once, at start-up, into JSON Schema and compiled by fast-json-stringify (Fastify's own
 * serializer). A compiled writer emits the declared properties and nothing else, so nothing
 * undeclared leaks, and it is cheaper than JSON.stringify, where a zod parse of every answer
 * before it is dearer (the "Speed").
 *
 * The compiled writer trusts the answer's types; `checkAnswers` (the tests) also compares what it
 * wrote with the whole answer, so a field the schema forgets, or a value of another type, fails
 * the test that meets it instead of vanishing quietly from the web app.
 */
export function responseSerializer(options: { checkAnswers: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    const write = build(toJsonSchema(schema) as Parameters<typeof build>[0]);
    if (!options.checkAnswers) return write;
    return (data) => {
      const written = write(data);
      const expected: unknown = JSON.parse(JSON.stringify(data) ?? 'null');
      if (!isDeepStrictEqual(JSON.parse(written), expected)) {
        throw new AnswerOutsideContract(`${method} ${url} answered ${String(httpStatus)} outside its schema: ${firstDifference(expected, JSON.parse(written))}`);
      }
      return written;
    };
  };
}

/** An answer its own route's schema does not describe (raised only where answers are checked: the tests). */
export class AnswerOutsideContract extends Error {
  override name = 'AnswerOutsideContract';
}

/** A zod schema as draft-07 JSON Schema, its output side (what the route sends); a plain JSON schema as it is. */
function toJsonSchema(schema: unknown): unknown {
  if (!(schema instanceof z.ZodType)) return schema;
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any', reused: 'inline' });
  return withPlainNullables(json);
}

/**
 * zod writes a nullable string as `anyOf: [{ type: 'string' }, { type: 'null' }]`; fast-json-stringify
 * checks each branch of an anyOf with a validator at every write, but writes `type: ['string',
 * 'null']` directly. Branches that are only a primitive type are merged so (the same values pass).
 */
function withPlainNullables(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withPlainNullables);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, child]) => [key, withPlainNullables(child)] as const);
  const node = Object.fromEntries(entries) as Record<string, unknown>;
  const branches = node.anyOf;
  if (!Array.isArray(branches)) return node;
  const { anyOf: _branches, ...rest } = node;
  if (branches.every(isPrimitiveBranch)) return { ...rest, type: branches.map((branch) => branch.type) };
  // An object or an array, or null: the same schema with null among its types.
  const [first, second] = branches as Record<string, unknown>[];
  const isNull = (branch: Record<string, unknown> | undefined) => isPrimitiveBranch(branch) && branch.type === 'null';
  const other = branches.length === 2 ? (isNull(second) ? first : isNull(first) ? second : undefined) : undefined;
  if (other && typeof other.type === 'string') return { ...rest, ...other, type: [other.type, 'null'] };
  return node;
}

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

function isPrimitiveBranch(branch: unknown): branch is { type: string } {
  if (branch === null || typeof branch !== 'object') return false;
  const keys = Object.keys(branch);
  const type = (branch as { type?: unknown }).type;
  return keys.length === 1 && typeof type === 'string' && PRIMITIVE_TYPES.has(type);
}

/** Where two JSON values first part: the path and both sides, for a message a person can act on. */
function firstDifference(expected: unknown, written: unknown, path = ''): string {
  if (expected !== null && written !== null && typeof expected === 'object' && typeof written === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(written)]);
    for (const key of keys) {
      const a = (expected as Record<string, unknown>)[key];
      const b = (written as Record<string, unknown>)[key];
      if (!isDeepStrictEqual(a, b)) return firstDifference(a, b, `${path}/${key}`);
    }
  }
  return `at ${path || '/'} the answer holds ${JSON.stringify(expected)} but the schema writes ${JSON.stringify(written)}`;
}
