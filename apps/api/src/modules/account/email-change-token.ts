import { createHash, randomBytes } from 'node:crypto';
import { and, eq, like, ne, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { users, verifications } from '../../db/schema.ts';

/**
 * An email change waits in Better Auth's verifications table (docs/decisions/022): one row per
 * person, identified `email-change:<userId>`, its value the new address. The row's id is the
 * SHA-256 of the token in the link, so the link finds its row by primary key and the database never
 * holds a token that would work: someone who reads the table cannot confirm a change.
 */
export const EMAIL_CHANGE_PREFIX = 'email-change:';
export const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function emailChangeIdentifier(userId: string): string {
  return `${EMAIL_CHANGE_PREFIX}${userId}`;
}

/** 32 random bytes, URL-safe: the secret the link carries. */
export function newEmailChangeToken(): string {
  return randomBytes(32).toString('base64url');
}

export function emailChangeTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The pending change a token opens, locked until the transaction ends; null for any other token. */
export async function lockPendingEmailChange(tx: Transaction, token: string) {
  const [row] = await tx
    .select()
    .from(verifications)
    .where(and(eq(verifications.id, emailChangeTokenHash(token)), like(verifications.identifier, `${EMAIL_CHANGE_PREFIX}%`)))
    .for('update');
  if (!row) return null;
  return { id: row.id, userId: row.identifier.slice(EMAIL_CHANGE_PREFIX.length), newEmail: row.value, expiresAt: row.expiresAt };
}

/** Whether someone other than `userId` already signs in with this (lower-case) address. */
export async function isEmailTaken(tx: Transaction, email: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}
