import { eq } from 'drizzle-orm';
import { AppError, type ApiTokenView } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { apiTokens, users } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { auditedToken, toTokenView, type TokenDeps } from './token-views.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * DELETE /api/tokens/:id: the token stops working at once (the gate reads the row on every call).
 * Revoking a revoked token changes nothing and records nothing.
 */
export async function revokeToken(deps: TokenDeps, actor: Actor, id: string): Promise<ApiTokenView> {
  if (!UUID.test(id)) throw new AppError('API_TOKEN_NOT_FOUND');
  return deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ token: apiTokens, createdByName: users.name })
      .from(apiTokens)
      .leftJoin(users, eq(users.id, apiTokens.createdById))
      .where(eq(apiTokens.id, id))
      .for('update', { of: apiTokens });
    if (!found) throw new AppError('API_TOKEN_NOT_FOUND');
    if (found.token.revokedAt) return toTokenView(found.token, found.createdByName);
    const now = deps.now();
    const [row] = await tx.update(apiTokens).set({ revokedAt: now }).where(eq(apiTokens.id, id)).returning();
    if (!row) throw new AppError('API_TOKEN_NOT_FOUND');
    const before = toTokenView(found.token, found.createdByName);
    const after = toTokenView(row, found.createdByName);
    await recordAudit(tx, {
      kind: 'api_token.revoked',
      actor,
      target: { type: 'api_token', id: row.id, label: row.name },
      before: auditedToken(before),
      after: auditedToken(after),
      at: now,
    });
    return after;
  });
}
