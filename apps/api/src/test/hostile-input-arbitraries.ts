import * as fc from 'fast-check';
import { CATEGORY_ICONS, ROLES } from '@kobo/core';
import { shapeOf, type FieldKind, type Shape } from './zod-shape.ts';

export type RouteSchemas = { body?: unknown; params?: unknown; querystring?: unknown };
export type RouteUnderTest = { method: string; url: string; schema: RouteSchemas | undefined };
/** Real ids and emails mixed into the generated values, so that some requests get past "not found". */
export type Pools = { ids: string[]; emails: string[] };
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type HostileRequest = { method: HttpMethod; url: string; payload: string | undefined; contentType: string | undefined };

/** Under the 1 MiB body limit, so that it reaches validation; ONE_MIB itself makes the body too large. */
const ALMOST_ONE_MIB = 'x'.repeat(1_000_000);
const ONE_MIB = 'x'.repeat(1024 * 1024);

/** Rare among the values below (1 in 16), since each costs a megabyte of parsing; every route still meets some. */
const HUGE_TEXT = [ALMOST_ONE_MIB, ONE_MIB, `${ALMOST_ONE_MIB}\u0000`, `\ud800${ALMOST_ONE_MIB}`];
const UNSTORABLE_TEXT = ['\u0000', 'Ada\u0000Lovelace', '\ud800', 'Ada \ud800', '\udfff', '\udc00\ud800'];
const BAD_DATES = [
  '0000-01-01',
  '9999-12-31',
  '0001-01-01',
  '1899-12-31',
  '3000-01-01',
  '2026-02-30',
  '2025-02-29',
  '2026-13-01',
  '2026-00-10',
  '+010000-01-01',
  '-000001-01-01',
  '2026-1-1',
  '20260101',
  '2026-01-01T00:00:00Z',
];
const BAD_NUMBERS = [NaN, Infinity, -Infinity, 1e308, -1e308, 5e-324, -0, -1, 0.001, 1.234, -12.345, Number.MAX_SAFE_INTEGER + 2];
const BAD_NUMBER_TEXT = ['NaN', 'Infinity', '-Infinity', '1e308', '1e999', '-1', '-0.01', '0.001', '12.345', '1e3', '0x10', '١٢٣', '₦1,000.00', '1000000000000.01'];
const ODD_TEXT = ['', ' ', '\t\n', 'null', 'undefined', 'all', '%00', '%', '%E0%A4%A', '../../etc/passwd', "'; drop table users; --", '\u202e', '\ufeff'];

/** One bad value: a wrong type, an unstorable or huge text, a number no amount can be, an impossible date. */
const hostileScalar = fc.oneof(
  { weight: 15, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, ...BAD_NUMBERS, ...BAD_NUMBER_TEXT, ...BAD_DATES, ...UNSTORABLE_TEXT, ...ODD_TEXT) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_TEXT) },
);
/** Any UTF-16 code units at all, lone surrogates and control characters included. */
const anyCodeUnits = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 8 }).map((units) => String.fromCharCode(...units));
const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '', ' ', 'a\u0000', '\ud800', 'role', 'isAdmin'),
  anyCodeUnits,
);
const { hostileValue } = fc.letrec<{ hostileValue: unknown }>((tie) => ({
  hostileValue: fc.oneof(
    { depthSize: 'small', maxDepth: 2 },
    { weight: 6, arbitrary: hostileScalar },
    { weight: 2, arbitrary: anyCodeUnits },
    { weight: 1, arbitrary: fc.array(tie('hostileValue'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.array(fc.tuple(hostileKey, tie('hostileValue')), { maxLength: 3 }).map(objectFrom) },
  ),
}));

/** Bodies JSON.stringify cannot write: broken or odd JSON, prototype keys, very deep nesting. */
class RawBody {
  constructor(readonly text: string) {}
}
const rawBody = fc.constantFrom(
  '',
  '{',
  '{"name": "x",}',
  'null',
  '[]',
  '"text"',
  '1e999',
  '{"amount": 1e999, "date": "2026-01-01"}',
  '{"amount": NaN}',
  '{"__proto__": {"role": "admin"}}',
  '{"constructor": {"prototype": {"role": "admin"}}}',
  '{"name": "\\u0000"}',
  '{"\\ud800": 1}',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  `{"a":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_001)}`,
).map((text) => new RawBody(text));

/** A bad value aimed at the field: a bad date for a date, a bad number for an amount, bad text elsewhere; or any bad value. */
function hostileFor(name: string, field: FieldKind | undefined): fc.Arbitrary<unknown> {
  const aimed = /^(date|from|to)$/.test(name)
    ? fc.oneof(fc.constantFrom('0000-01-01', '9999-12-31'), fc.constantFrom(...BAD_DATES))
    : /amount/i.test(name) || field?.kind === 'number'
      ? fc.constantFrom<unknown>(...BAD_NUMBERS, ...BAD_NUMBER_TEXT)
      : fc.oneof({ weight: 15, arbitrary: fc.constantFrom(...UNSTORABLE_TEXT, ...ODD_TEXT) }, { weight: 1, arbitrary: fc.constantFrom(...HUGE_TEXT) });
  return fc.oneof({ weight: 3, arbitrary: aimed }, { weight: 2, arbitrary: hostileValue });
}

const plausibleDate = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));

/** Values a form would send, by field name where the schema leaves the type open (z.unknown). */
function plausibleByName(name: string, pools: Pools): fc.Arbitrary<unknown> | null {
  if (/^(date|from|to)$/.test(name)) return plausibleDate;
  if (/amount/i.test(name)) {
    return fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 10_000_000 }).map((kobo) => (kobo / 100).toFixed(2)));
  }
  if (/email/i.test(name)) return fc.oneof(fc.constantFrom(...pools.emails), fc.emailAddress({ size: 'small' }));
  // A right current password would change the caller's password and end the sessions the rest of
  // the file signs in with; the right-password path is own-password.test.ts's.
  if (name === 'currentPassword') return fc.constant('not-the-password');
  if (/password/i.test(name)) return fc.constant('password1');
  // Mostly absent: a made-up cursor is refused before the query it pages through runs.
  if (name === 'cursor') return fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.string({ maxLength: 40 }) });
  if (/^(id|ref)$|Id$/.test(name)) return fc.oneof(fc.constantFrom(...pools.ids), fc.uuid(), fc.string({ maxLength: 12 }));
  if (name === 'role') return fc.constantFrom(...ROLES);
  if (name === 'type') return fc.constantFrom('deposit', 'withdrawal');
  if (name === 'color') return fc.constantFrom('#4ECDC4', '#ff6b6b');
  if (name === 'icon') return fc.constantFrom(...CATEGORY_ICONS);
  if (name === 'confirm') return fc.constant(true);
  return null;
}

function plausible(name: string, field: FieldKind, pools: Pools): fc.Arbitrary<unknown> {
  if (field.kind === 'choice') return fc.constantFrom(...field.values);
  if (field.kind === 'boolean') return fc.boolean();
  if (field.kind === 'number') return fc.integer({ min: 0, max: 120 });
  const maxLength = Math.min(field.kind === 'string' ? (field.maxLength ?? 40) : 40, 40);
  return plausibleByName(name, pools) ?? fc.string({ minLength: 1, maxLength });
}

type Edit = { op: 'set'; key: string; value: unknown } | { op: 'drop'; key: string } | { op: 'add'; key: string; value: unknown };

/**
 * An object as the schema wants it, or that object with one to three edits (a field set to a
 * hostile value, a field dropped, a field added under an odd key), or something that is not that
 * object at all (an array holding it, a bare value, raw text).
 */
function objectInput(shape: Shape, pools: Pools, options: { isBody: boolean }): fc.Arbitrary<unknown> {
  const keys = Object.keys(shape);
  // Each field is left out now and then (1 in 5): optional fields get their defaults, required ones their messages.
  const field = (key: string) => fc.option(plausible(key, shape[key] ?? { kind: 'unknown' }, pools), { nil: undefined, freq: 4 });
  const base = fc.record(Object.fromEntries(keys.map((key) => [key, field(key)])));
  const key = keys.length > 0 ? fc.constantFrom(...keys) : hostileKey;
  const set = key.chain((name) => hostileFor(name, shape[name]).map((value): Edit => ({ op: 'set', key: name, value })));
  const edit: fc.Arbitrary<Edit> = fc.oneof(
    { weight: 5, arbitrary: set },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('drop' as const), key }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('add' as const), key: hostileKey, value: hostileValue }) },
  );
  const edited = fc.tuple(base, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([object, edits]) => applyEdits(object, edits));
  const notThatObject = fc.oneof(base.map((object) => [object]), hostileValue, ...(options.isBody ? [rawBody] : []));
  return fc.oneof({ weight: 3, arbitrary: base }, { weight: 6, arbitrary: edited }, { weight: 1, arbitrary: notThatObject });
}

function applyEdits(object: Record<string, unknown>, edits: Edit[]): Record<string, unknown> {
  const entries = new Map(Object.entries(object));
  for (const edit of edits) {
    if (edit.op === 'drop') entries.delete(edit.key);
    else entries.set(edit.key, edit.value);
  }
  return objectFrom([...entries]);
}

/** An object whose keys are all its own, `__proto__` included, so that JSON.stringify writes them. */
function objectFrom(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/** Query text no encoder writes: appended to the generated query. */
const ODD_QUERIES = ['?', '?&&==&', '?%', '?%E0%A4%A', '?%00=1', '?x=%ED%A0%80', '?a[b]=1', `?${'a=1&'.repeat(2_000)}`];

/**
 * A request for one route: path parameters, query and body drawn from the route's own schemas,
 * then corrupted. Each part is corrupted on its own, so some requests are whole and get past
 * validation into the services.
 */
export function hostileRequest(route: RouteUnderTest, pools: Pools): fc.Arbitrary<HostileRequest> {
  const schema = route.schema ?? {};
  const pathNames = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const paramShape = shapeOf(schema.params) ?? {};
  const param = (name: string) =>
    fc.oneof(
      { weight: 4, arbitrary: plausible(name, paramShape[name] ?? { kind: 'unknown' }, pools) },
      { weight: 1, arbitrary: hostileFor(name, paramShape[name]) },
    );
  const method = route.method as HttpMethod;
  const bodyShape = shapeOf(schema.body) ?? {};
  return fc
    .record({
      params: fc.tuple(...pathNames.map(param)),
      query: objectInput(shapeOf(schema.querystring) ?? {}, pools, { isBody: false }),
      queryTail: fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(...ODD_QUERIES) }),
      body: method === 'GET' ? fc.constant(undefined) : fc.option(objectInput(bodyShape, pools, { isBody: true }), { nil: undefined, freq: 8 }),
      contentType: fc.oneof(
        { weight: 12, arbitrary: fc.constant<string | undefined>('application/json') },
        { weight: 1, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', undefined) },
      ),
    })
    .map(({ params, query, queryTail, body, contentType }) => {
      let index = 0;
      const path = route.url.replace(/:\w+/g, () => percentEncode(textOf(params[index++])));
      const search = queryString(query);
      const url = `${path}${search ? `?${search}` : ''}${queryTail && search ? `&${queryTail.slice(1)}` : queryTail}`;
      const payload = serializeBody(body);
      return describable({ method, url, payload, contentType: payload === undefined ? undefined : contentType });
    });
}

/** A short form for fast-check's report: a counterexample may hold a megabyte of text. */
function describable(request: HostileRequest): HostileRequest {
  return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
}

export function describeRequest(request: HostileRequest): string {
  const payload = request.payload === undefined ? '' : ` ${request.contentType ?? '(no content-type)'} ${shorten(request.payload)}`;
  return `${request.method} ${shorten(request.url)}${payload}`;
}

export function shorten(text: string, max = 240): string {
  const escaped = JSON.stringify(text);
  return escaped.length <= max ? escaped : `${escaped.slice(0, max)}… (${text.length} characters)`;
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? String(value);
}

function queryString(query: unknown): string {
  if (query === undefined || query === null) return '';
  if (typeof query !== 'object') return percentEncode(textOf(query));
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    // An array repeats the key, as a browser's form would; null sends the key alone.
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      pairs.push(item === null ? percentEncode(key) : `${percentEncode(key)}=${percentEncode(textOf(item))}`);
    }
  }
  return pairs.join('&');
}

/** Read by code points (the u flag), so only a half without its partner matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/gu;

/**
 * encodeURIComponent, except that a lone surrogate, which it refuses, is sent as the three bytes
 * it would take in WTF-8: what a hostile client can put on the wire.
 */
export function percentEncode(text: string): string {
  let encoded = '';
  let done = 0;
  for (const match of text.matchAll(LONE_SURROGATE)) {
    const unit = match[0].charCodeAt(0);
    const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
    encoded += encodeURIComponent(text.slice(done, match.index)) + bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    done = match.index + 1;
  }
  return encoded + encodeURIComponent(text.slice(done));
}

const RAW_NUMBER = '@@raw-number@@';

/** JSON, except that NaN and ±Infinity are written as bare words, as a careless client would. */
function serializeBody(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  if (body instanceof RawBody) return body.text;
  const json = JSON.stringify(body, (_key, value: unknown) =>
    typeof value === 'number' && !Number.isFinite(value) ? `${RAW_NUMBER}${value}` : value,
  );
  return json?.replace(new RegExp(`"${RAW_NUMBER}(NaN|Infinity|-Infinity)"`, 'g'), '$1');
}
