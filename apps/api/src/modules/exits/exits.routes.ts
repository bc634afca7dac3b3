import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import type { Outbox } from '../../mail/outbox.ts';

/** Mail queued by an operation (a new guarantor asked, a settlement) is sent sooner when nudged after its commit. */
export type ExitDeps = { db: Database; now: () => Date; timeZone: string; outbox: Pick<Outbox, 'nudge' | 'delivery'>; appUrl: string };

/**
 * A member leaves (issue 32, docs/decisions/051-member-exit.md): settings, nominees, notice, the
 * exits list and detail, guarantees released, cancellation. The settlement's money is in
 * exit-settlement.routes.ts.
 */
export async function exitRoutes(app: FastifyInstance, deps: ExitDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  void routes;
  void deps;
}
