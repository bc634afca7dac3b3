import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportQuerySchema } from '@kobo/core';
import { prepareExport, type ExportDeps } from './prepare-export.ts';
import { sendWorkbook } from '../../spreadsheet/send-workbook.ts';


export async function exportRoutes(app: FastifyInstance, deps: ExportDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/export/expenses',
    { config: { access: 'view_expenses' }, schema: { querystring: exportQuerySchema } },
    async (request, reply) => {
      const prepared = await prepareExport(deps, request.actor, request.query);
      reply.header('x-export-rows', String(prepared.rowCount));
      return sendWorkbook(reply, prepared.fileName, (output) => prepared.writeTo(output));
    },
  );
}
