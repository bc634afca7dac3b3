import { z } from 'zod';
import { MAX_AMOUNT_KOBO, isSupportedDate, parseNaira, type IsoDate, type Kobo } from '@kobo/core';

/**
 * Readers for the old app's values as document-database export tools write them
 * (docs/decisions/026-legacy-import.md). Each answers a value or a reason to refuse the document.
 */
export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const no = (reason: string): Read<never> => ({ ok: false, reason });

/** Earliest and latest instants an imported record may carry: the dates Kobo supports. */
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(2200, 0, 1);

/** `{seconds, nanoseconds}`, after the leading underscores of the `{_seconds, _nanoseconds}` form are dropped. */
const secondsObject = z.object({ seconds: z.number().int(), nanoseconds: z.number().int().min(0).max(999_999_999).optional() });

function withoutUnderscores(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key.replace(/^_/, ''), entry]));
}

/** An ISO string, epoch milliseconds, or a `{_seconds,_nanoseconds}` / `{seconds,nanoseconds}` object. */
export function readTimestamp(value: unknown, field: string): Read<Date> {
  let millis: number;
  if (typeof value === 'string') {
    // Date.parse alone accepts '2024-1-5' or 'March 3'; an export writes ISO 8601.
    if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())) return no(`${field} is not a date`);
    millis = Date.parse(value.trim());
  } else if (typeof value === 'number') {
    millis = value;
  } else {
    const parsed = typeof value === 'object' && value !== null ? secondsObject.safeParse(withoutUnderscores(value)) : null;
    if (!parsed?.success) return no(value === undefined || value === null ? `${field} is missing` : `${field} is not a date`);
    millis = parsed.data.seconds * 1000 + Math.floor((parsed.data.nanoseconds ?? 0) / 1_000_000);
  }
  if (!Number.isFinite(millis) || millis < EARLIEST || millis >= LATEST) return no(`${field} is not a date`);
  return ok(new Date(millis));
}

/** An expense's calendar day: a plain 'YYYY-MM-DD' as written, or any timestamp's day in `timeZone`. */
export function readDay(value: unknown, field: string, dayOf: (instant: Date) => IsoDate): Read<IsoDate> {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())) {
    const day = value.trim();
    return isSupportedDate(day) ? ok(day) : no(`${field} is not a date`);
  }
  const instant = readTimestamp(value, field);
  return instant.ok ? ok(dayOf(instant.value)) : instant;
}

/**
 * Naira to kobo exactly (core's parseNaira reads the number's shortest decimal form, so 1234.5 is
 * 123450 and 19.99 is 1999: no float multiplication). More than two decimals, a negative amount
 * or one above Kobo's cap is refused with its reason.
 */
export function readAmount(value: unknown, field: string, options: { positive: boolean }): Read<Kobo> {
  if (value === undefined || value === null || value === '') return no(`${field} is missing`);
  if (typeof value !== 'number' && typeof value !== 'string') return no(`${field} is not a number`);
  const text = String(value).trim();
  if (typeof value === 'number' && !Number.isFinite(value)) return no(`${field} is not a number`);
  if (text.startsWith('-')) return no(`${field} is negative`);
  if (/^\d+\.\d{3,}$/.test(text)) return no(`${field} has more than two decimals`);
  const kobo = parseNaira(text);
  if (kobo === null) return no(`${field} is not a number`);
  if (kobo > MAX_AMOUNT_KOBO) return no(`${field} is above ₦1,000,000,000,000.00`);
  if (options.positive && kobo === 0) return no(`${field} must be greater than 0`);
  return ok(kobo);
}

/**
 * Optional text: absent, null or blank is null; anything else must be a string without NUL
 * characters (PostgreSQL text cannot hold them) and at most `max` characters.
 */
export function readText(value: unknown, field: string, max: number): Read<string | null> {
  if (value === undefined || value === null) return ok(null);
  if (typeof value !== 'string') return no(`${field} is not text`);
  if (value.includes('\u0000')) return no(`${field} contains a NUL character`);
  const text = value.trim();
  if (text.length > max) return no(`${field} is longer than ${max} characters`);
  return ok(text === '' ? null : text);
}
