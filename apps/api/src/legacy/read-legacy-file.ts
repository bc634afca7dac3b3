import { z } from 'zod';

/** The old app's collections Kobo takes (SPEC 3); anything else in the file is listed and ignored. */
export const LEGACY_COLLECTIONS = ['users', 'categories', 'expenses', 'savings', 'staff_savings'] as const;
export type LegacyCollection = (typeof LEGACY_COLLECTIONS)[number];

/** A document as the file holds it: its id (the map key, or its `id` field) and its fields. */
export type LegacyDocument = { id: string; fields: Record<string, unknown> | null };
export type LegacyExport = { collections: Record<LegacyCollection, LegacyDocument[]>; ignoredCollections: string[] };

/** Above this the file is refused before parsing: far more than an organisation's years of history. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;
const MAX_ID_LENGTH = 200;

/** A refusal of the whole file: nothing is imported. */
export class LegacyFileError extends Error {}

const record = z.record(z.string(), z.unknown());
const collectionShape = z.union([z.array(z.unknown()), record]);

/**
 * Reads an export: an object of collections, each an array of documents (their id in `id`, `uid`
 * or `_id`) or a map of id → document. A document that is not an object is kept with null fields
 * so the import can refuse it by its id. The file as a whole is refused when it is not JSON, not an
 * object of collections, or holds none of the collections Kobo knows.
 */
export function readLegacyExport(text: string): LegacyExport {
  if (Buffer.byteLength(text, 'utf8') > MAX_FILE_BYTES) throw new LegacyFileError('The file is larger than 200 MB.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new LegacyFileError('The file is not JSON.');
  }
  const top = record.safeParse(parsed);
  if (!top.success || Array.isArray(parsed)) throw new LegacyFileError('The file must hold an object of collections (users, categories, expenses, savings, staff_savings).');

  const ignoredCollections = Object.keys(top.data).filter((name) => !(LEGACY_COLLECTIONS as readonly string[]).includes(name));
  if (ignoredCollections.length === Object.keys(top.data).length) {
    throw new LegacyFileError('The file holds none of the collections users, categories, expenses, savings, staff_savings.');
  }
  const collections = {} as Record<LegacyCollection, LegacyDocument[]>;
  for (const name of LEGACY_COLLECTIONS) {
    const value = top.data[name];
    if (value === undefined || value === null) {
      collections[name] = [];
      continue;
    }
    const shape = collectionShape.safeParse(value);
    if (!shape.success) throw new LegacyFileError(`The collection ${name} must be an array of documents or a map of id to document.`);
    collections[name] = Array.isArray(shape.data) ? shape.data.map((entry, index) => fromArray(name, entry, index)) : Object.entries(shape.data).map(([id, entry]) => fromMap(name, id, entry));
    const seen = new Set<string>();
    for (const document of collections[name]) {
      if (seen.has(document.id)) throw new LegacyFileError(`The collection ${name} holds the id ${document.id} twice.`);
      seen.add(document.id);
    }
  }
  return { collections, ignoredCollections };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fromArray(collection: string, entry: unknown, index: number): LegacyDocument {
  const fields = isObject(entry) ? entry : null;
  const rawId = fields?.id ?? fields?.uid ?? fields?.['_id'];
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : `#${index + 1}`;
  return { id: checkedId(collection, id), fields };
}

function fromMap(collection: string, id: string, entry: unknown): LegacyDocument {
  return { id: checkedId(collection, id), fields: isObject(entry) ? entry : null };
}

/** Ids are echoed in the report and kept as the import's memory: short, printable text only. */
function checkedId(collection: string, id: string): string {
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (id.length === 0 || id.length > MAX_ID_LENGTH || /[\u0000-\u001f\u007f]/.test(id)) {
    throw new LegacyFileError(`The collection ${collection} holds a document id that is empty, longer than ${MAX_ID_LENGTH} characters or not printable.`);
  }
  return id;
}
