import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError, canAccess, refusalFor, type RouteAccess } from '@kobo/core';
import type { Actor } from '../auth/actor.ts';
import type { SessionActorReader } from '../auth/session-actor.ts';
import { toPublicUser } from '../auth/public-user.ts';
import { toFetchHeaders } from './request-context.ts';
import type { TokenCallerReader } from '../modules/tokens/token-caller.ts';
import { tokenMayCall } from '../modules/tokens/token-scope.ts';

// Module augmentation needs `interface`: a `type` cannot merge into Fastify's declarations.
/* oxlint-disable typescript/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in caller. Only routes that need a permission read it, and the gate has let
     * them through only with one, so it is never missing there; read on a public route, it throws.
     */
    readonly actor: Actor;
    /** The caller if the session named one: for public routes that answer both (the session route, logs). */
    sessionActor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Who may call this route (core/permissions.ts). Every route declares it; see registerGate. */
    access?: RouteAccess;
    /** A public route that still wants to know who is calling (GET /api/auth/session). */
    readsSession?: boolean;
  }
}
/* oxlint-enable typescript/consistent-type-definitions */

export type GatedRoute = { method: string; url: string; access: RouteAccess | undefined; schema: RouteOptions['schema'] };

/**
 * The one place that decides who may call what (docs/decisions/013-one-gate.md).
 *
 * - Default deny: every route declares `config.access`; one that does not stops the app at
 *   start-up (onReady), naming the route.
 * - The decision is keyed on the route the router matched (`request.routeOptions`), never on the
 *   text of the URL, so percent-encoding, absolute-form targets or any other spelling that reaches
 *   a route meets that route's rule; a spelling that reaches no route is a 404 with nothing read.
 * - It runs in onRequest, before the body is parsed or validated: a refused caller learns nothing
 *   about the route's schema and costs no parsing.
 * - The user row is read on every gated request, so a changed role or a deactivation counts at once.
 * - `Authorization: Bearer …` (the header only, never a cookie or the query) is an API token: it
 *   replaces the session, 401 when it is not a live token (or expired, or used from outside its IP
 *   ranges), 403 outside its scope or beyond what its owner may do now
 *   (docs/decisions/027-metrics-and-tokens.md). Public routes ignore it.
 */
export function registerGate(
  app: FastifyInstance,
  deps: { readSessionUser: SessionActorReader; readTokenCaller?: TokenCallerReader },
): () => GatedRoute[] {
  const routes: { method: string; url: string; options: RouteOptions }[] = [];
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: options.url, options });
    }
  });
  app.addHook('onReady', async () => {
    // Checked once every plugin has registered (and possibly marked) its routes.
    const undeclared = routes.filter((route) => route.options.config?.access === undefined);
    if (undeclared.length > 0) {
      throw new Error(`Every route must declare config.access; these do not: ${undeclared.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    }
  });

  app.decorateRequest('sessionActor', null);
  app.decorateRequest('actor', {
    getter(this: FastifyRequest): Actor {
      if (!this.sessionActor) throw new AppError('SIGN_IN_REQUIRED');
      return this.sessionActor;
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    const { access, readsSession } = request.routeOptions.config;
    // No access means no route matched: the not-found handler answers, and reads nothing.
    if (access === undefined) return;
    if (access === 'public' && !readsSession) return;
    const bearer = access === 'public' ? null : bearerOf(request.headers.authorization);
    if (bearer !== null) {
      const caller = deps.readTokenCaller ? await deps.readTokenCaller(bearer, request.ip) : null;
      if (!caller) throw new AppError('API_TOKEN_INVALID');
      // HEAD is answered by the GET route: it reads, as GET does.
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      if (!tokenMayCall(caller, method, request.routeOptions.url ?? '', access)) throw new AppError('FORBIDDEN');
      request.sessionActor = caller.actor;
      return;
    }
    await resolveCaller(request, reply, deps.readSessionUser);
    if (access === 'public') return;
    if (!request.sessionActor) throw new AppError('SIGN_IN_REQUIRED');
    if (!canAccess(request.sessionActor.role, access)) throw new AppError(refusalFor(access));
  });
  return () =>
    routes.map(({ method, url, options }) => ({ method, url, access: options.config?.access, schema: options.schema }));
}

async function resolveCaller(request: FastifyRequest, reply: FastifyReply, readSessionUser: SessionActorReader) {
  const { user, setCookies } = await readSessionUser(request.headers.cookie, () => toFetchHeaders(request));
  for (const cookie of setCookies) reply.header('set-cookie', cookie);
  request.sessionActor = user?.active ? toPublicUser(user) : null;
}

/** The credentials of `Authorization: Bearer <credentials>` (scheme in any case); null for any other header. */
function bearerOf(header: string | undefined): string | null {
  const match = header === undefined ? null : /^bearer +(\S+) *$/i.exec(header);
  if (match) return match[1] ?? '';
  return header !== undefined && /^bearer\b/i.test(header) ? '' : null;
}
