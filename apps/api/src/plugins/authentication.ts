import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, can, type Permission, type PublicUser, type Role } from '@kobo/core';
import type { SessionActorReader } from '../auth/session-actor.ts';
import { toFetchHeaders } from './request-context.ts';
import { toPublicUser } from '../modules/auth/public-user.ts';

export type Actor = PublicUser & { role: Role };

// Module augmentation needs `interface`: a `type` cannot merge into Fastify's declarations.
/* oxlint-disable typescript/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in. Every other /api route needs a session. */
    isPublic?: boolean;
    /** The permission (core/permissions.ts) a caller must hold. */
    permission?: Permission;
  }
}
/* oxlint-enable typescript/consistent-type-definitions */

/**
 * Authentication is on by default for the whole API: a route opts out with `config.isPublic`.
 * The user row is read on every request, so a changed role or a deactivation counts at once;
 * nothing about powers is cached in the session.
 */
export function registerAuthentication(app: FastifyInstance, deps: { readSessionUser: SessionActorReader }) {
  app.decorateRequest('actor', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const config = request.routeOptions.config;
    const isKnownRoute = request.routeOptions.url !== undefined;
    const { user, setCookies } = await deps.readSessionUser(request.headers.cookie, () => toFetchHeaders(request));
    for (const cookie of setCookies) reply.header('set-cookie', cookie);
    request.actor = user?.active ? toPublicUser(user) : null;
    if (!isKnownRoute || config.isPublic) return;
    if (!request.actor) throw new AppError('SIGN_IN_REQUIRED');
    if (config.permission && !can(request.actor.role, config.permission)) throw new AppError('FORBIDDEN');
  });
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('SIGN_IN_REQUIRED');
  return request.actor;
}
