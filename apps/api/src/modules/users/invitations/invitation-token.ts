import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_TOKEN_PATTERN } from '@kobo/core';

/**
 * An invitation's secret: 32 random bytes, base64url (43 characters) in the link. Only its SHA-256
 * is stored, so a copy of the database holds no working link; a fast hash is enough for a random
 * 256-bit secret (nothing to guess, so nothing for a slow hash to slow down).
 */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether `token` could be one Kobo made: anything else is answered 404 without a lookup. */
export function isInvitationTokenShape(token: string): boolean {
  return INVITATION_TOKEN_PATTERN.test(token);
}
