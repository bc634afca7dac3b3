import type { FastifyInstance } from 'fastify';

/** Query parameters that carry secrets (the password-reset token) never reach the log. */
const SECRET_QUERY = /([?&](?:token|password)=)[^&]*/gi;
/** Nor does an invitation link's token, which is in the path (/invitation/…, /api/invitations/…). */
const SECRET_PATH = /(\/invitations?\/)[^/?#]+/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');
}

/** Levels at which an info line is not written. */
const ABOVE_INFO = new Set(['warn', 'error', 'fatal', 'silent']);

/** One structured line per request; bodies, cookies and tokens are never logged. */
export function registerRequestLogging(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    // At a quieter level (the benchmarks run silent) the line, its URL redaction included, is not built.
    if (ABOVE_INFO.has(request.log.level)) return;
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        userId: request.sessionActor?.id,
        ip: request.ip,
      },
      'request',
    );
  });
}
