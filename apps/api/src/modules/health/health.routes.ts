import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

/** For load balancers: 200 when this instance can reach its database, 503 when it cannot. */
export async function healthRoutes(app: FastifyInstance, deps: { db: Database }) {
  const healthy = z.object({ status: z.literal('ok'), database: z.literal('ok') }).describe('This instance reaches its database');
  const unhealthy = z.object({ status: z.literal('unavailable'), database: z.literal('unreachable') }).describe('This instance cannot reach its database');
  const schema = { operationId: 'getHealth', response: { 200: healthy, 503: unhealthy } };
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', { config: { access: 'public' }, schema }, async (request, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable' as const, database: 'unreachable' as const });
    }
  });
}
