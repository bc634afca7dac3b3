import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardQuerySchema } from '@kobo/core';
import { getDashboard, type DashboardDeps } from './get-dashboard.ts';

export async function dashboardRoutes(app: FastifyInstance, deps: DashboardDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/dashboard', { config: { access: 'view_dashboard' }, schema: { querystring: dashboardQuerySchema } }, async (request) =>
      getDashboard(deps, request.actor, request.query.period),
    );
}
