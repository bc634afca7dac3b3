import { useMemo, useRef } from 'react';

/**
 * A random key for one submitted form. crypto.randomUUID exists only in secure contexts (https,
 * localhost); Kobo may also be opened over plain HTTP on a LAN address, where getRandomValues
 * still works, so the same version-4 UUID is built from it there.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of a form: the same key for as long as the form sends the same body, so a
 * double click or a retry after a lost answer posts once; a changed body, or `reset()` after a
 * success, starts a new one (the server refuses one key with two different bodies).
 */
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(body: unknown): string {
        const text = JSON.stringify(body);
        if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
        return last.current.key;
      },
      reset() {
        last.current = null;
      },
    }),
    [],
  );
}
