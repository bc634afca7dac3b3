import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardViewSchema } from '@kobo/core';
import { getDashboard, type DashboardDeps } from './get-dashboard.ts';

export async function dashboardRoutes(app: FastifyInstance, deps: DashboardDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/dashboard',
      { config: { access: 'view_dashboard' }, schema: { operationId: 'getDashboard', querystring: dashboardQuerySchema, response: { 200: dashboardViewSchema } } },
      async (request) =>
        getDashboard(deps, request.actor, request.query.period),
    );
}
