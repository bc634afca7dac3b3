import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportQuerySchema, reportRowsQuerySchema } from '@kobo/core';
import { getReportRows, getReportSummary, type ReportDeps } from './read-report.ts';

/** The Reports screen's API (SPEC "Reports"): a range's summary, and its rows a page at a time. */
export async function reportsRoutes(app: FastifyInstance, deps: ReportDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/reports', { config: { access: 'view_reports' }, schema: { querystring: reportQuerySchema } }, async (request) =>
    getReportSummary(deps, request.actor, request.query),
  );

  routes.get('/api/reports/rows', { config: { access: 'view_reports' }, schema: { querystring: reportRowsQuerySchema } }, async (request) =>
    getReportRows(deps, request.actor, request.query),
  );
}
