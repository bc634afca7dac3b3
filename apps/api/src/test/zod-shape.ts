import { z } from 'zod';

/** What a generator needs to know of one field, read from a route's own zod schema. */
export type FieldKind =
  | { kind: 'string'; maxLength: number | null }
  | { kind: 'number' }
  | { kind: 'boolean' }
  | { kind: 'choice'; values: readonly unknown[] }
  /** z.unknown(), a union, or anything else whose values the schema checks by hand. */
  | { kind: 'unknown' };

export type Shape = Record<string, FieldKind>;

/**
 * The keys and field kinds of the object a schema takes, seen through preprocess, refinements,
 * transforms, defaults and intersections; null when the schema takes no object. A small
 * introspection of zod 4's classes: zod-fast-check 0.10 wants zod 3 and fast-check 3.
 */
export function shapeOf(schema: unknown): Shape | null {
  const object = objectOf(schema);
  return object && Object.fromEntries(Object.entries(object).map(([key, field]) => [key, kindOf(field)]));
}

function objectOf(schema: unknown): Record<string, unknown> | null {
  if (schema instanceof z.ZodObject) return schema.shape;
  // z.preprocess and .transform are pipes: the object is on whichever side is not a function.
  if (schema instanceof z.ZodPipe) return objectOf(schema.in) ?? objectOf(schema.out);
  if (schema instanceof z.ZodIntersection) {
    const left = objectOf(schema.def.left);
    const right = objectOf(schema.def.right);
    return left || right ? { ...left, ...right } : null;
  }
  const inner = innerTypeOf(schema);
  return inner ? objectOf(inner) : null;
}

function kindOf(schema: unknown): FieldKind {
  if (schema instanceof z.ZodString) return { kind: 'string', maxLength: schema.maxLength };
  if (schema instanceof z.ZodNumber) return { kind: 'number' };
  if (schema instanceof z.ZodBoolean) return { kind: 'boolean' };
  if (schema instanceof z.ZodEnum) return { kind: 'choice', values: schema.options };
  if (schema instanceof z.ZodLiteral) return { kind: 'choice', values: [...schema.values] };
  if (schema instanceof z.ZodPipe) return kindOf(schema.in instanceof z.ZodTransform ? schema.out : schema.in);
  const inner = innerTypeOf(schema);
  return inner ? kindOf(inner) : { kind: 'unknown' };
}

/** The wrapped schema of optional, nullable, default, prefault, catch and readonly. */
function innerTypeOf(schema: unknown): unknown {
  if (!(schema instanceof z.ZodType)) return null;
  return 'innerType' in schema.def ? schema.def.innerType : null;
}
