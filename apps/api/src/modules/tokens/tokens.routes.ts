import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, apiTokenIdParamsSchema, createApiTokenSchema } from '@kobo/core';
import { createToken } from './create-token.ts';
import { revokeToken } from './revoke-token.ts';
import { listTokens, type TokenDeps } from './token-views.ts';

/** Admins only; a token can never reach these (modules/tokens/token-scope.ts). */
const manageTokens = { access: 'manage_users' } as const;

/** API tokens (issue 16, docs/decisions/027-metrics-and-tokens.md). */
export async function tokensRoutes(app: FastifyInstance, deps: TokenDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/tokens', { config: manageTokens, schema: { body: createApiTokenSchema } }, async (request, reply) =>
    reply.status(201).send(await createToken(deps, request.actor, request.body)),
  );

  routes.get('/api/tokens', { config: manageTokens }, async () => ({ tokens: await listTokens(deps.db) }));

  routes.delete('/api/tokens/:id', { config: manageTokens, schema: { params: apiTokenIdParamsSchema } }, async (request) => ({
    token: await revokeToken(deps, request.actor, request.params.id),
    message: MESSAGES.apiTokenRevoked,
  }));
}
