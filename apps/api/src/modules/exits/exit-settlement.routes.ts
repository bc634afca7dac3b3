import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ExitDeps } from './exits.routes.ts';

/**
 * A member's exit settled (issue 32, docs/decisions/051-member-exit.md): the statement's preview
 * (JSON and .xlsx), approval, settlement (one entry), pay-out and reversal.
 */
export async function exitSettlementRoutes(app: FastifyInstance, deps: ExitDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  void routes;
  void deps;
}
