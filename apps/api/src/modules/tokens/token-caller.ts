import { BlockList, isIP } from 'node:net';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { API_TOKEN_PATTERN, AppError, MESSAGES, type ApiTokenScope } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { apiTokens, users } from '../../db/schema.ts';
import { toPublicUser } from '../../auth/public-user.ts';
import type { Actor } from '../../auth/actor.ts';
import { hashTokenSecret } from './token-secret.ts';

/** A token's caller: it acts as the person who made it (their role now), under the token's name. */
export type TokenCaller = { actor: Actor; tokenId: string; scope: ApiTokenScope };
/**
 * null: no such token, revoked, or its maker is no longer active. An expired token, or one called
 * from outside its IP ranges, is refused with a sentence saying which (401 either way).
 */
export type TokenCallerReader = (bearer: string, ip: string) => Promise<TokenCaller | null>;

/** last_used_at is written at most this often per token. */
const LAST_USE_RESOLUTION_MS = 60_000;

/**
 * Reads `Authorization: Bearer kobo_…` into a caller (docs/decisions/027-metrics-and-tokens.md).
 * The actor keeps the admin's id (idempotency keys and the audit log point at a real user) and
 * carries the token's name ("API token: Payroll"), so every audit entry names the token.
 */
export function createTokenCallerReader(deps: { db: Database; now: () => Date }): TokenCallerReader {
  const lastWritten = new Map<string, number>();
  return async (bearer, ip) => {
    if (!API_TOKEN_PATTERN.test(bearer)) return null;
    const [row] = await deps.db
      .select({ token: apiTokens, user: users })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.createdById))
      .where(eq(apiTokens.tokenHash, hashTokenSecret(bearer)));
    const now = deps.now();
    if (!row || row.token.revokedAt || !row.user.active) return null;
    if (row.token.expiresAt <= now) throw new AppError('API_TOKEN_INVALID', { message: MESSAGES.apiTokenExpired });
    if (!isWithin(ip, row.token.ipRanges)) throw new AppError('API_TOKEN_INVALID', { message: MESSAGES.apiTokenAddressRefused });
    await recordUse(deps.db, row.token.id, now, lastWritten);
    const admin = toPublicUser(row.user);
    return { actor: { ...admin, name: `API token: ${row.token.name}` }, tokenId: row.token.id, scope: row.token.scope };
  };
}

/** Whether the caller's address is in one of the token's ranges (none: anywhere). An IPv4 caller seen as ::ffff:a.b.c.d matches IPv4 ranges. */
function isWithin(ip: string, ranges: readonly string[]): boolean {
  if (ranges.length === 0) return true;
  const version = isIP(ip);
  if (version === 0) return false;
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix = ''] = range.split('/');
    list.addSubnet(address, Number(prefix), address.includes(':') ? 'ipv6' : 'ipv4');
  }
  return list.check(ip, version === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The one write a GET with a token makes: last_used_at, at most once a minute per token (the map
 * spares the query in between; the condition keeps several instances to one write a minute).
 */
async function recordUse(db: Database, tokenId: string, now: Date, lastWritten: Map<string, number>) {
  const previous = lastWritten.get(tokenId);
  if (previous !== undefined && now.getTime() - previous < LAST_USE_RESOLUTION_MS) return;
  lastWritten.set(tokenId, now.getTime());
  const aMinuteAgo = new Date(now.getTime() - LAST_USE_RESOLUTION_MS);
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, tokenId), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, aMinuteAgo))));
}
