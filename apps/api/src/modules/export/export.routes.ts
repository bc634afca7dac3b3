import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportQuerySchema } from '@kobo/core';
import { prepareExport, type ExportDeps } from './prepare-export.ts';
import { fileAnswer } from '../../http/route-contract.ts';
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';


export async function exportRoutes(app: FastifyInstance, deps: ExportDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/export/expenses',
    {
      config: { access: 'view_expenses', errors: ['EXPORT_TOO_LARGE'] },
      schema: { operationId: 'exportAllExpenses', querystring: exportQuerySchema, response: { 200: fileAnswer(XLSX_CONTENT_TYPE, 'The expenses as an .xlsx workbook') } },
    },
    async (request, reply) => {
      const prepared = await prepareExport(deps, request.actor, request.query);
      reply.header('x-export-rows', String(prepared.rowCount));
      return sendWorkbook(reply, prepared.fileName, (output) => prepared.writeTo(output));
    },
  );
}
