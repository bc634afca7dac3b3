import type { FastifyInstance } from 'fastify';
import { AppError } from '@kobo/core';

/**
 * A NUL character, or half of a UTF-16 surrogate pair without its partner (the u flag reads the
 * text by code points, so a whole pair, an emoji, never matches). PostgreSQL refuses the first in
 * text (SQLSTATE 22021) and, escaped, the second in jsonb (22P02); in text, both drivers quietly
 * turn a lone half into U+FFFD, so what was stored is not what was sent.
 */
const UNSTORABLE = /\0|[\uD800-\uDFFF]/u;

/**
 * Refuses, with 400, any request whose body, path parameters or query carries text Kobo cannot
 * store, in a value or in a key, at any depth. It runs before validation and before any handler,
 * so no route, schema or service has to think about these characters (issue 10).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasUnstorableText(request.params) || hasUnstorableText(request.query) || hasUnstorableText(request.body)) {
      throw new AppError('UNSUPPORTED_CHARACTERS');
    }
  });
}

export function hasUnstorableText(input: unknown): boolean {
  // A loop, not recursion: a body nested thousands deep must not overflow the stack.
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return true;
    } else if (ArrayBuffer.isView(value)) {
      // An uploaded file's bytes (the monthly run's payroll file): not text yet. Its reader decodes
      // them strictly and refuses a NUL; walking them here would visit every byte as a key.
      continue;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
