import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { AppError } from '@kobo/core';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers, and the cross-site request forgery defence for every state-changing request.
 * Session cookies are SameSite=Lax; on top of that a browser's request must carry an Origin (or,
 * failing that, a Referer) of this site. Browsers always send Origin on cross-site POST/PUT/
 * PATCH/DELETE, so a forged request is refused; clients that are not browsers send none.
 */
export async function registerSecurity(app: FastifyInstance, options: { isHttps: boolean; trustedOrigins: string[] }) {
  // Helmet itself, built once: @fastify/helmet rebuilds it, CSP parsing included, on every request.
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables through style attributes and one style element; no script is inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only behind HTTPS: on a plain-HTTP LAN address it would blank the page (STACK.md).
        ...(options.isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.isHttps,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });

  // Personal data is never kept by a browser or a proxy: every JSON answer (the API's, its
  // errors included) says no-store. Downloads set their own; the web app's files theirs.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('application/json')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (!origin) return;
    const host = request.headers.host;
    const sameHost = host !== undefined && [`http://${host}`, `https://${host}`].includes(origin);
    if (!sameHost && !options.trustedOrigins.includes(origin)) throw new AppError('CROSS_SITE_REQUEST');
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}
