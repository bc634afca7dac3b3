import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  AppError,
  MAX_RECEIPT_BYTES,
  MESSAGES,
  RECEIPT_CONTENT_TYPES,
  receiptAnswerSchema,
  receiptSettingsAnswerSchema,
  receiptSettingsSavedSchema,
  receiptSettingsSchema,
} from '@kobo/core';
import { fileAnswer } from '../../http/route-contract.ts';
import type { ReceiptDeps } from './receipt-deps.ts';
import { inlineDisposition } from './receipt-file-name.ts';
import { readReceiptFile, type ReceiptFile } from './read-receipts.ts';
import { readReceiptSettings, saveReceiptSettings } from './receipt-settings.ts';
import { storeReceipt } from './store-receipt.ts';

const idParams = z.object({ id: z.string().max(100) });

/** A receipt's bytes, of the type decided from its content when it was stored. */
const receiptFile = {
  description: "The receipt's file (a thumbnail is a small image)",
  content: Object.fromEntries(RECEIPT_CONTENT_TYPES.map((type) => [type, fileAnswer(type, '').content[type]])),
};
/** Why an upload is refused: no file, over 10 MB, not a photo or PDF, or a photo that cannot be read. */
const UPLOAD_REFUSALS = ['RECEIPT_FILE_REQUIRED', 'RECEIPT_TOO_LARGE', 'RECEIPT_WRONG_TYPE', 'RECEIPT_UNREADABLE'] as const;

/**
 * Receipts on expenses (issue 14, docs/decisions/033-receipts.md). Multipart is registered in this
 * plugin's own scope, with limits that stop reading at 10 MB instead of buffering whatever is sent.
 */
export async function receiptsRoutes(app: FastifyInstance, deps: ReceiptDeps) {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_RECEIPT_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20, fieldNameSize: 100 },
    });
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    const upload = { operationId: 'uploadReceipt', response: { 201: receiptAnswerSchema } };
    routes.post('/api/receipts', { config: { access: 'create_expense', errors: UPLOAD_REFUSALS }, schema: upload }, async (request, reply) => {
      const file = await readUpload(request);
      const receipt = await storeReceipt(deps, request.actor, file);
      return reply.status(201).send({ receipt });
    });

    const read = { config: { access: 'view_expenses', errors: ['NOT_FOUND'] }, schema: { operationId: 'getReceipt', params: idParams, response: { 200: receiptFile } } } as const;
    routes.get('/api/receipts/:id', read, async (request, reply) =>
      sendReceipt(reply, await readReceiptFile(deps.db, request.actor, request.params.id, 'content')),
    );

    const thumbnail = { ...read, schema: { ...read.schema, operationId: 'getReceiptThumbnail' } };
    routes.get('/api/receipts/:id/thumbnail', thumbnail, async (request, reply) =>
      sendReceipt(reply, await readReceiptFile(deps.db, request.actor, request.params.id, 'thumbnail')),
    );

    // Whoever may add an expense reads the rule, so the form can say a receipt is needed; only an admin changes it.
    const settings = { operationId: 'getReceiptSettings', response: { 200: receiptSettingsAnswerSchema } };
    routes.get('/api/settings/receipts', { config: { access: 'create_expense' }, schema: settings }, async () => ({ settings: await readReceiptSettings(deps.db) }));

    const save = { operationId: 'updateReceiptSettings', body: receiptSettingsSchema, response: { 200: receiptSettingsSavedSchema } };
    routes.put('/api/settings/receipts', { config: { access: 'manage_users' }, schema: save }, async (request) => ({
      settings: await saveReceiptSettings(deps, request.actor, request.body),
      message: MESSAGES.receiptSettingsSaved,
    }));
  });
}

/** The one file of a multipart upload, read up to the limit; a bigger one is refused with 413 once the limit is passed. */
async function readUpload(request: FastifyRequest): Promise<{ fileName: string | undefined; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError('RECEIPT_FILE_REQUIRED', { field: 'file' });
  try {
    const part = await request.file();
    if (!part) throw new AppError('RECEIPT_FILE_REQUIRED', { field: 'file' });
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw new AppError('RECEIPT_FILE_REQUIRED', { field: 'file' });
    return { fileName: part.filename, bytes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('RECEIPT_TOO_LARGE', { field: 'file' });
    // A body that is not well-formed multipart (no boundary, cut short, too many parts): nothing to keep.
    throw new AppError('RECEIPT_FILE_REQUIRED', { field: 'file', cause: error });
  }
}

/**
 * The stored type (decided from the content), never sniffed; shown in the browser, not downloaded;
 * kept by this browser only (private) for an hour: a receipt's bytes never change under its id.
 */
function sendReceipt(reply: FastifyReply, file: ReceiptFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', inlineDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .header('content-length', file.bytes.length)
    .send(file.bytes);
}
