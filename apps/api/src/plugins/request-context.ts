import type { FastifyRequest } from 'fastify';

/** Better Auth speaks Fetch; Fastify speaks Node. This turns one request's headers into the other. */
export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, String(value));
  }
  // Better Auth reads the client address from this header only; request.ip honours TRUST_PROXY.
  headers.set('x-forwarded-for', request.ip);
  return headers;
}
