import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import {
  AppError,
  calendarDate,
  importDraftSchema,
  importListSchema,
  importRequestSchema,
  importResultSchema,
  importReviewSchema,
  importUndoneSchema,
  MAX_IMPORT_FILE_BYTES,
  UNKNOWN_CATEGORY,
  uploadedImportFileSchema,
} from '@kobo/core';
import { categories } from '../../db/schema.ts';
import { fileAnswer } from '../../http/route-contract.ts';
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';
import type { ExpenseDeps } from '../expenses/expense-deps.ts';
import { idempotencyKeyFrom, sendPosted } from '../ledger/idempotency.ts';
import { importExpenses } from './import-expenses.ts';
import { IMPORT_TEMPLATE_FILE_NAME, writeImportTemplate } from './import-template.ts';
import { listImports } from './list-imports.ts';
import { readImportFile } from './read-import-file.ts';
import { reviewImport } from './review-import.ts';
import { undoImport } from './undo-import.ts';

/** Anyone who may add expenses may import them, as themselves (docs/decisions/035-expense-import.md). */
const importers = { access: 'create_expense' } as const;
/** Room above the file limit, so an oversized file meets the import's own sentence, not the generic 413. */
const FILE_BODY_LIMIT = 3 * MAX_IMPORT_FILE_BYTES;
/** 20,000 rows as JSON, each cell as long as a 5 MB file could make it. */
const DRAFT_BODY_LIMIT = 16 * 1024 * 1024;
const idParams = z.object({ id: z.string().min(1).max(200) });

/** Importing expenses from a spreadsheet (issue 14): upload, review, import, undo, template. */
export async function expenseImportRoutes(app: FastifyInstance, deps: ExpenseDeps) {
  await app.register(async (scope) => {
    // The upload's raw bytes (as the monthly run's): a parser for this scope's routes only.
    scope.addContentTypeParser(['application/octet-stream', 'text/csv', XLSX_CONTENT_TYPE], { parseAs: 'buffer', bodyLimit: FILE_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    const template = { operationId: 'downloadImportTemplate', response: { 200: fileAnswer(XLSX_CONTENT_TYPE, 'An .xlsx template with one example row') } };
    routes.get('/api/expense-imports/template', { config: importers, schema: template }, async (_request, reply) => {
      const [first] = await deps.db.select({ name: categories.name }).from(categories).orderBy(asc(categories.name)).limit(1);
      const example = { date: calendarDate(deps.now(), deps.timeZone), item: first?.name ?? UNKNOWN_CATEGORY.name };
      return sendWorkbook(reply, IMPORT_TEMPLATE_FILE_NAME, (body) => writeImportTemplate(example, body));
    });

    const file = { operationId: 'readImportFile', response: { 200: uploadedImportFileSchema } };
    routes.post('/api/expense-imports/file', { config: { ...importers, errors: ['FILE_TOO_LARGE', 'FILE_UNREADABLE'] }, bodyLimit: FILE_BODY_LIMIT, schema: file }, async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('FILE_UNREADABLE', { field: 'file' });
      return readImportFile(request.body, fileNameFrom(request.headers['x-file-name']));
    });

    const review = { operationId: 'reviewImport', body: importDraftSchema, response: { 200: importReviewSchema } };
    routes.post('/api/expense-imports/review', { config: importers, bodyLimit: DRAFT_BODY_LIMIT, schema: review }, async (request) =>
      reviewImport(deps, request.actor, request.body),
    );

    const create = { operationId: 'importExpenses', body: importRequestSchema, response: { 201: importResultSchema } };
    const importRefusals = ['IMPORT_CHANGED', 'PERIOD_LOCKED'] as const;
    const importing = { ...importers, idempotent: true, errors: importRefusals };
    routes.post('/api/expense-imports', { config: importing, bodyLimit: DRAFT_BODY_LIMIT, schema: create }, async (request, reply) => {
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, 'expense-import', request.body);
      return sendPosted(reply, await importExpenses(deps, request.actor, request.body, key));
    });

    const list = { operationId: 'listImports', response: { 200: importListSchema } };
    routes.get('/api/expense-imports', { config: importers, schema: list }, async (request) => listImports(deps, request.actor));

    const undo = { operationId: 'undoImport', params: idParams, response: { 200: importUndoneSchema } };
    const undoRefusals = ['IMPORT_NOT_FOUND', 'IMPORT_ALREADY_UNDONE', 'IMPORT_UNDO_EXPIRED', 'IMPORT_UNDO_FORBIDDEN', 'PERIOD_LOCKED'] as const;
    routes.post('/api/expense-imports/:id/undo', { config: { ...importers, errors: undoRefusals }, schema: undo }, async (request) =>
      undoImport(deps, request.actor, request.params.id),
    );
  });
}

/** The upload's name as the browser sent it (URI-encoded), kept short and printable. */
function fileNameFrom(header: string | string[] | undefined): string {
  const raw = typeof header === 'string' ? header : '';
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  // eslint-disable-next-line no-control-regex
  const printable = name.replace(/[\u0000-\u001f\u007f\ud800-\udfff]/g, '').trim().slice(0, 200);
  return printable || 'expenses';
}
