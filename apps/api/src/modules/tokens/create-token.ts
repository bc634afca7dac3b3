import { AppError, API_TOKEN_MAX_DAYS, MESSAGES, type CreateApiTokenInput, type CreatedApiToken } from '@kobo/core';
import type { Actor } from '../../auth/actor.ts';
import { apiTokens } from '../../db/schema.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { newTokenSecret } from './token-secret.ts';
import { auditedToken, toTokenView, type TokenDeps } from './token-views.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** POST /api/tokens: the secret is in this answer and nowhere else; the table keeps its hash. */
export async function createToken(deps: TokenDeps, actor: Actor, input: CreateApiTokenInput): Promise<CreatedApiToken> {
  const now = deps.now();
  const expiresAt = input.days !== undefined ? new Date(now.getTime() + input.days * DAY_MS) : new Date(input.expiresAt ?? '');
  const lifetime = expiresAt.getTime() - now.getTime();
  if (!(lifetime >= DAY_MS / 24 && lifetime <= API_TOKEN_MAX_DAYS * DAY_MS)) {
    throw new AppError('VALIDATION', { message: MESSAGES.apiTokenExpiryRange, field: input.days !== undefined ? 'days' : 'expiresAt' });
  }
  const { secret, hash } = newTokenSecret();
  const token = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({ name: input.name, scope: input.scope, tokenHash: hash, createdById: actor.id, createdAt: now, expiresAt, ipRanges: input.ipRanges })
      .returning();
    if (!row) throw new Error('the token row was not written');
    const view = toTokenView(row, actor.name);
    await recordAudit(tx, {
      kind: 'api_token.created',
      actor,
      target: { type: 'api_token', id: row.id, label: row.name },
      before: null,
      after: auditedToken(view),
      at: now,
    });
    return view;
  });
  return { token, secret, message: MESSAGES.apiTokenCreated };
}
