import { desc, eq } from 'drizzle-orm';
import type { ApiTokenView } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { apiTokens, users } from '../../db/schema.ts';

export type TokenDeps = { db: Database; now: () => Date };

type TokenRow = typeof apiTokens.$inferSelect;

export function toTokenView(row: TokenRow, createdByName: string | null): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    createdByName,
    expiresAt: row.expiresAt.toISOString(),
    ipRanges: row.ipRanges,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** GET /api/tokens: newest first, with their last use; never a secret (only its hash is kept). */
export async function listTokens(db: Database): Promise<ApiTokenView[]> {
  const rows = await db
    .select({ token: apiTokens, createdByName: users.name })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdById))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((row) => toTokenView(row.token, row.createdByName));
}

/** What the audit log keeps of a token: never the hash. */
export function auditedToken(view: ApiTokenView) {
  return { name: view.name, scope: view.scope, expiresAt: view.expiresAt, ipRanges: view.ipRanges, revokedAt: view.revokedAt };
}
