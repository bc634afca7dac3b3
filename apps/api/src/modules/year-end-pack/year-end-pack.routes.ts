import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileAnswer, yearEndPackQuerySchema, yearEndPackSchema } from '@kobo/core';
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';
import type { BookDeps } from '../books/book-views.ts';
import { packFileName, writePackWorkbook } from './pack-workbook.ts';
import { readYearEndPack } from './read-pack.ts';

/** The AGM pack is read by whoever reads the books: an admin or the auditor. */
const viewBooks = { access: 'view_books' } as const;

/** The AGM pack (issue 31): one JSON answer the print view renders, and the same parts as one workbook. */
export async function yearEndPackRoutes(app: FastifyInstance, deps: BookDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/year-end/pack',
    { config: viewBooks, schema: { operationId: 'getYearEndPack', querystring: yearEndPackQuerySchema, response: { 200: yearEndPackSchema } } },
    async (request) => readYearEndPack(deps, request.query.year),
  );
  routes.get(
    '/api/year-end/pack.xlsx',
    {
      config: viewBooks,
      schema: { operationId: 'downloadYearEndPack', querystring: yearEndPackQuerySchema, response: { 200: fileAnswer(XLSX_CONTENT_TYPE, 'The AGM pack, an .xlsx workbook with a sheet per part') } },
    },
    async (request, reply) => {
      const pack = await readYearEndPack(deps, request.query.year);
      return sendWorkbook(reply, packFileName(pack), (output) => writePackWorkbook(pack, output));
    },
  );
}
