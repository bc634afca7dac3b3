import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** For load balancers: 200 when this instance can reach its database, 503 when it cannot. */
export async function healthRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.get('/api/health', { config: { access: 'public' } }, async (request, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });
}
