import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportQuerySchema, reportRowsPageSchema, reportRowsQuerySchema, reportSummarySchema } from '@kobo/core';
import { fileAnswer } from '../../http/route-contract.ts';
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';
import { getReportRows, getReportSummary, type ReportDeps } from './read-report.ts';
import { prepareReportExport } from './export-report.ts';

/** The Reports screen's API (SPEC "Reports"): a range's summary, its rows a page at a time, and its .xlsx. */
export async function reportsRoutes(app: FastifyInstance, deps: ReportDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const summary = { operationId: 'getReport', querystring: reportQuerySchema, response: { 200: reportSummarySchema } };
  routes.get('/api/reports', { config: { access: 'view_reports' }, schema: summary }, async (request) =>
    getReportSummary(deps, request.actor, request.query),
  );

  const rows = { operationId: 'listReportRows', querystring: reportRowsQuerySchema, response: { 200: reportRowsPageSchema } };
  routes.get('/api/reports/rows', { config: { access: 'view_reports' }, schema: rows }, async (request) =>
    getReportRows(deps, request.actor, request.query),
  );

  const exported = { operationId: 'exportReport', querystring: reportQuerySchema, response: { 200: fileAnswer(XLSX_CONTENT_TYPE, 'The report as an .xlsx workbook') } };
  routes.get('/api/reports/export', { config: { access: 'view_reports', errors: ['EXPORT_TOO_LARGE'] }, schema: exported }, async (request, reply) => {
    const prepared = await prepareReportExport(deps, request.actor, request.query);
    reply.header('x-export-rows', String(prepared.rowCount));
    return sendWorkbook(reply, prepared.fileName, (output) => prepared.writeTo(output));
  });
}
