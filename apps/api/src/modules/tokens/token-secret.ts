import { createHash, randomBytes } from 'node:crypto';

/** A new token: `kobo_` and 32 random bytes in base64url. Only its hash is stored. */
export function newTokenSecret(): { secret: string; hash: string } {
  const secret = `kobo_${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashTokenSecret(secret) };
}

/** SHA-256 in hex: the secret has 256 random bits, so a plain hash is enough (no salt, no stretching). */
export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
