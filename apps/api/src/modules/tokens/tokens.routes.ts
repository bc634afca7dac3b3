import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, apiTokenIdParamsSchema, apiTokenListSchema, apiTokenRevokedSchema, createApiTokenSchema, createdApiTokenSchema } from '@kobo/core';
import { createToken } from './create-token.ts';
import { revokeToken } from './revoke-token.ts';
import { listTokens, type TokenDeps } from './token-views.ts';

/** Admins only; a token can never reach these (modules/tokens/token-scope.ts). */
const manageTokens = { access: 'manage_users' } as const;

/** API tokens (issue 16, docs/decisions/027-metrics-and-tokens.md). */
export async function tokensRoutes(app: FastifyInstance, deps: TokenDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const create = { operationId: 'createApiToken', body: createApiTokenSchema, response: { 201: createdApiTokenSchema } };
  routes.post('/api/tokens', { config: manageTokens, schema: create }, async (request, reply) =>
    reply.status(201).send(await createToken(deps, request.actor, request.body)),
  );

  const list = { operationId: 'listApiTokens', response: { 200: apiTokenListSchema } };
  routes.get('/api/tokens', { config: manageTokens, schema: list }, async () => ({ tokens: await listTokens(deps.db) }));

  const revoke = { operationId: 'revokeApiToken', params: apiTokenIdParamsSchema, response: { 200: apiTokenRevokedSchema } };
  routes.delete('/api/tokens/:id', { config: { ...manageTokens, errors: ['API_TOKEN_NOT_FOUND'] }, schema: revoke }, async (request) => ({
    token: await revokeToken(deps, request.actor, request.params.id),
    message: MESSAGES.apiTokenRevoked,
  }));
}
