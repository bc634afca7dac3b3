import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportQuerySchema } from '@kobo/core';
import { prepareExport, type ExportDeps } from './prepare-export.ts';
import { XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';


export async function exportRoutes(app: FastifyInstance, deps: ExportDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/export/expenses',
    { config: { access: 'view_expenses' }, schema: { querystring: exportQuerySchema } },
    async (request, reply) => {
      const prepared = await prepareExport(deps, request.actor, request.query);
      const body = new PassThrough();
      prepared.writeTo(body).catch((error: unknown) => {
        // Headers are gone by now: end the download broken rather than let it look complete.
        request.log.error({ err: error }, 'export failed while streaming');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${prepared.fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-export-rows', String(prepared.rowCount))
        .send(body);
    },
  );
}
