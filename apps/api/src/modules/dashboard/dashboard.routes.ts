import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, reportQuerySchema, reportRowsQuerySchema } from '@kobo/core';
import { requireActor } from '../../plugins/authentication.ts';
import { adminOnly } from '../expenses/expense-scope.ts';
import { getDashboard, type DashboardDeps } from './dashboard.service.ts';
import { getReportRows, getReportSummary } from './report.service.ts';

export async function dashboardRoutes(app: FastifyInstance, deps: DashboardDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/dashboard', { onRequest: adminOnly, schema: { querystring: dashboardQuerySchema } }, async (request) =>
    getDashboard(deps, requireActor(request), request.query.period),
  );

  routes.get('/api/reports', { onRequest: adminOnly, schema: { querystring: reportQuerySchema } }, async (request) =>
    getReportSummary(deps, requireActor(request), request.query),
  );

  routes.get('/api/reports/rows', { onRequest: adminOnly, schema: { querystring: reportRowsQuerySchema } }, async (request) =>
    getReportRows(deps, requireActor(request), request.query),
  );
}
