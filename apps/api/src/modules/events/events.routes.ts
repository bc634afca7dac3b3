import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../http/route-contract.ts';
import type { ChangeHub } from './change-feed.ts';

const HEARTBEAT_MS = 25_000;
/** Streams are recycled so instances rebalance behind a load balancer; EventSource reconnects by itself. */
const DEFAULT_LIFETIME_SECONDS = 600;

const eventsQuery = z.object({
  maxSeconds: z.coerce.number().int().min(0).max(3600).default(DEFAULT_LIFETIME_SECONDS),
});

/**
 * GET /api/events: server-sent events for signed-in callers. Each (re)connection starts with
 * `event: ready` (refetch now: something may have changed while disconnected), then one
 * `data: {"type":"categories"|"expenses"}` per committed change, and a comment every 25 s so
 * proxies keep the connection open.
 */
export async function eventsRoutes(app: FastifyInstance, deps: { hub: ChangeHub }) {
  const open = new Set<() => void>();
  // Hijacked responses are not Fastify's to close: end them before the server waits for them.
  app.addHook('preClose', async () => {
    // Deleting the current entry while iterating a Set is safe: each end() removes itself.
    for (const end of open) end();
  });

  const events = fileAnswer('text/event-stream', 'Server-sent events: `event: ready`, then `data: {"type":"categories"|"expenses"}` per change');
  const schema = { operationId: 'streamChanges', querystring: eventsQuery, response: { 200: events } };
  app.withTypeProvider<ZodTypeProvider>().get('/api/events', { config: { access: 'use_app' }, schema }, async (request, reply) => {
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    stream.write('retry: 3000\nevent: ready\ndata: {}\n\n');

    const unsubscribe = deps.hub.subscribe((event) => stream.write(`data: ${JSON.stringify(event)}\n\n`));
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const lifetime = setTimeout(() => end(), request.query.maxSeconds * 1000);
    let ended = false;
    function end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      unsubscribe();
      open.delete(end);
      if (!stream.writableEnded) stream.end();
    }
    open.add(end);
    request.raw.on('close', end);
    if (request.query.maxSeconds === 0) end();
  });
}
