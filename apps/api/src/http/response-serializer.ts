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
  return json;
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
