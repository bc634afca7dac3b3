import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  batchAnswerSchema,
  batchDetailSchema,
  batchDraftSchema,
  batchListSchema,
  batchReviewSchema,
  contributionsSavedSchema,
  contributionsSchema,
  currentMonth,
  defaultRunDescription,
  defaultRunValueDate,
  fileAnswer,
  isPayrollMonth,
  MAX_BATCH_FILE_BYTES,
  MESSAGES,
  POSTING_DAY_REFUSALS,
  reversalSchema,
  SAVINGS_BALANCE_REFUSALS,
  runPreparationSchema,
  uploadedBatchFileSchema,
} from '@kobo/core';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';
import { batchFileName, writeBatchWorkbook, writeRunTemplate } from './batch-workbooks.ts';
import { postBatch } from './post-batch.ts';
import { listRunCandidates, prepareRun } from './prepare-run.ts';
import { readBatchFile } from './read-batch-file.ts';
import { listBatches, readBatch } from './read-batches.ts';
import { reverseBatch } from './reverse-batch.ts';
import { reviewBatchDraft } from './review-batch-draft.ts';
import { setContributions } from './set-contributions.ts';
import { readRunProducts, toRunProduct } from './run-products.ts';

const manageSavings = { access: 'manage_staff_savings' } as const;
/** Past runs and their files: an officer or the auditor (issue 27). Preparing a run stays the officer's. */
const readRuns = { access: 'view_staff_savings' } as const;
/** Room above the file limit, so an oversized file meets the run's own sentence, not the generic 413. */
const FILE_BODY_LIMIT = 3 * MAX_BATCH_FILE_BYTES;
/** A 50,000-row batch as JSON. */
const BATCH_BODY_LIMIT = 16 * 1024 * 1024;

/** A batch's reversal: gone, already undone (whole or a posting of it), or leaving someone's savings short. */
const batchReversalRefusals = [
  'BATCH_NOT_FOUND',
  'BATCH_ALREADY_REVERSED',
  'ALREADY_REVERSED',
  'REVERSAL_OVERDRAWS',
  'LOAN_REVERSAL_REFUSED',
  'NO_SAVINGS_ACCOUNT',
  'PERIOD_LOCKED',
  ...SAVINGS_BALANCE_REFUSALS,
] as const;

const monthQuery = z.object({ month: z.string().max(20).optional() });
const idParams = z.object({ id: z.string().min(1).max(200) });

/** The monthly run (issue 11, docs/decisions/017-monthly-run.md): admin only, rules in the operations. */
export async function batchRoutes(app: FastifyInstance, deps: SavingsDeps) {
  // The upload's raw bytes: a parser for this plugin's routes only.
  app.addContentTypeParser(['application/octet-stream', 'text/csv', XLSX_CONTENT_TYPE], { parseAs: 'buffer', bodyLimit: FILE_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const monthOf = (month: string | undefined) => {
    const chosen = month || currentMonth(deps.now(), deps.timeZone);
    if (!isPayrollMonth(chosen)) throw new AppError('VALIDATION', { message: MESSAGES.chooseMonth, field: 'month' });
    return chosen;
  };

  routes.get(
    '/api/savings/runs/prepare',
    { config: manageSavings, schema: { operationId: 'prepareMonthlyRun', querystring: monthQuery, response: { 200: runPreparationSchema } } },
    async (request) =>
      prepareRun(deps, monthOf(request.query.month)),
  );

  routes.get(
    '/api/savings/batches/template',
    {
      config: manageSavings,
      schema: { operationId: 'downloadRunTemplate', querystring: monthQuery, response: { 200: fileAnswer(XLSX_CONTENT_TYPE, "The month's payroll template, an .xlsx workbook") } },
    },
    async (request, reply) => {
      const month = monthOf(request.query.month);
      const products = await readRunProducts(deps.db);
      const candidates = await listRunCandidates(deps.db, defaultRunValueDate(month, deps.now(), deps.timeZone), products.columns);
      return sendWorkbook(reply, `payroll-template-${month}.xlsx`, (body) =>
        writeRunTemplate(candidates, defaultRunDescription(month), products.columns.map(toRunProduct), body),
      );
    },
  );

  routes.put(
    '/api/savings/contributions',
    { config: manageSavings, schema: { operationId: 'setContributions', body: contributionsSchema, response: { 200: contributionsSavedSchema } } },
    async (request) =>
      setContributions(deps, request.actor, request.body),
  );

  routes.post(
    '/api/savings/batches/file',
    {
      config: { ...manageSavings, errors: ['FILE_TOO_LARGE', 'FILE_UNREADABLE'] },
      bodyLimit: FILE_BODY_LIMIT,
      schema: { operationId: 'readBatchFile', response: { 200: uploadedBatchFileSchema } },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('FILE_UNREADABLE', { field: 'file' });
      return readBatchFile(request.body, fileNameFrom(request.headers['x-file-name']), await readRunProducts(deps.db));
    },
  );

  routes.post(
    '/api/savings/batches/review',
    {
      config: { ...manageSavings, errors: POSTING_DAY_REFUSALS },
      bodyLimit: BATCH_BODY_LIMIT,
      schema: { operationId: 'reviewBatch', body: batchDraftSchema, response: { 200: batchReviewSchema } },
    },
    async (request) =>
      reviewBatchDraft(deps, request.actor, request.body),
  );

  routes.post(
    '/api/savings/batches',
    {
      config: { ...manageSavings, idempotent: true, errors: ['BATCH_ALREADY_POSTED', 'BATCH_NOT_READY', ...POSTING_DAY_REFUSALS] },
      bodyLimit: BATCH_BODY_LIMIT,
      schema: { operationId: 'postBatch', body: batchDraftSchema, response: { 201: batchAnswerSchema } },
    },
    async (request, reply) => {
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, 'batch', request.body);
      const result = await postBatch(deps, request.actor, request.body, key);
      if (result.isReplay) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );

  routes.get('/api/savings/batches', { config: readRuns, schema: { operationId: 'listBatches', response: { 200: batchListSchema } } }, async () => listBatches(deps.db));

  routes.get('/api/savings/batches/:id', { config: { ...readRuns, errors: ['BATCH_NOT_FOUND'] }, schema: { operationId: 'getBatch', params: idParams, response: { 200: batchDetailSchema } } }, async (request) => readBatch(deps.db, request.params.id));

  routes.get(
    '/api/savings/batches/:id/export',
    {
      config: { ...readRuns, errors: ['BATCH_NOT_FOUND'] },
      schema: { operationId: 'downloadBatch', params: idParams, response: { 200: fileAnswer(XLSX_CONTENT_TYPE, 'The batch, an .xlsx workbook') } },
    },
    async (request, reply) => {
      const detail = await readBatch(deps.db, request.params.id);
      return sendWorkbook(reply, batchFileName(detail), (body) => writeBatchWorkbook(detail, body));
    },
  );

  routes.post(
    '/api/savings/batches/:id/reversal',
    {
      config: { ...manageSavings, idempotent: true, errors: batchReversalRefusals },
      schema: { operationId: 'reverseBatch', params: idParams, body: reversalSchema, response: { 201: batchAnswerSchema } },
    },
    async (request, reply) => {
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, `batch-reversal:${request.params.id}`, request.body);
      const result = await reverseBatch(deps, request.actor, request.params.id, request.body.reason, key);
      if (result.isReplay) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );
}

/** The upload's name as the browser sent it (URI-encoded), kept short and printable (the payroll remittance's upload too). */
export function fileNameFrom(header: string | string[] | undefined): string {
  const raw = typeof header === 'string' ? header : '';
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  // eslint-disable-next-line no-control-regex
  const printable = name.replace(/[\u0000-\u001f\u007f\ud800-\udfff]/g, '').trim().slice(0, 200);
  return printable || 'payroll';
}
