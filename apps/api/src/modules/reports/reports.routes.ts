import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportQuerySchema, reportRowsQuerySchema } from '@kobo/core';
import { sendWorkbook } from '../../spreadsheet/send-workbook.ts';
import { getReportRows, getReportSummary, type ReportDeps } from './read-report.ts';
import { prepareReportExport } from './export-report.ts';

/** The Reports screen's API (SPEC "Reports"): a range's summary, its rows a page at a time, and its .xlsx. */
export async function reportsRoutes(app: FastifyInstance, deps: ReportDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/reports', { config: { access: 'view_reports' }, schema: { querystring: reportQuerySchema } }, async (request) =>
    getReportSummary(deps, request.actor, request.query),
  );

  routes.get('/api/reports/rows', { config: { access: 'view_reports' }, schema: { querystring: reportRowsQuerySchema } }, async (request) =>
    getReportRows(deps, request.actor, request.query),
  );

  routes.get('/api/reports/export', { config: { access: 'view_reports' }, schema: { querystring: reportQuerySchema } }, async (request, reply) => {
    const prepared = await prepareReportExport(deps, request.actor, request.query);
    reply.header('x-export-rows', String(prepared.rowCount));
    return sendWorkbook(reply, prepared.fileName, (output) => prepared.writeTo(output));
  });
}
