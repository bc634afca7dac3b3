import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  batchDraftSchema,
  contributionsSchema,
  currentMonth,
  defaultRunDescription,
  defaultRunValueDate,
  isPayrollMonth,
  MAX_BATCH_FILE_BYTES,
  MESSAGES,
  reversalSchema,
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

const manageSavings = { access: 'manage_staff_savings' } as const;
/** Past runs and their files: an officer or the auditor (issue 27). Preparing a run stays the officer's. */
const readRuns = { access: 'view_staff_savings' } as const;
/** Room above the file limit, so an oversized file meets the run's own sentence, not the generic 413. */
const FILE_BODY_LIMIT = 3 * MAX_BATCH_FILE_BYTES;
/** A 50,000-row batch as JSON. */
const BATCH_BODY_LIMIT = 16 * 1024 * 1024;

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

  routes.get('/api/savings/runs/prepare', { config: manageSavings, schema: { querystring: monthQuery } }, async (request) =>
    prepareRun(deps, monthOf(request.query.month)),
  );

  routes.get('/api/savings/batches/template', { config: manageSavings, schema: { querystring: monthQuery } }, async (request, reply) => {
    const month = monthOf(request.query.month);
    const candidates = await listRunCandidates(deps.db, defaultRunValueDate(month, deps.now(), deps.timeZone));
    return sendWorkbook(reply, `payroll-template-${month}.xlsx`, (body) => writeRunTemplate(candidates, defaultRunDescription(month), body));
  });

  routes.put('/api/savings/contributions', { config: manageSavings, schema: { body: contributionsSchema } }, async (request) =>
    setContributions(deps, request.actor, request.body),
  );

  routes.post('/api/savings/batches/file', { config: manageSavings, bodyLimit: FILE_BODY_LIMIT }, async (request) => {
    if (!Buffer.isBuffer(request.body)) throw new AppError('FILE_UNREADABLE', { field: 'file' });
    return readBatchFile(request.body, fileNameFrom(request.headers['x-file-name']));
  });

  routes.post('/api/savings/batches/review', { config: manageSavings, bodyLimit: BATCH_BODY_LIMIT, schema: { body: batchDraftSchema } }, async (request) =>
    reviewBatchDraft(deps, request.actor, request.body),
  );

  routes.post('/api/savings/batches', { config: manageSavings, bodyLimit: BATCH_BODY_LIMIT, schema: { body: batchDraftSchema } }, async (request, reply) => {
    const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, 'batch', request.body);
    const result = await postBatch(deps, request.actor, request.body, key);
    if (result.isReplay) reply.header('idempotent-replayed', 'true');
    return reply.status(201).send(result.body);
  });

  routes.get('/api/savings/batches', { config: readRuns }, async () => listBatches(deps.db));

  routes.get('/api/savings/batches/:id', { config: readRuns, schema: { params: idParams } }, async (request) => readBatch(deps.db, request.params.id));

  routes.get('/api/savings/batches/:id/export', { config: readRuns, schema: { params: idParams } }, async (request, reply) => {
    const detail = await readBatch(deps.db, request.params.id);
    return sendWorkbook(reply, batchFileName(detail), (body) => writeBatchWorkbook(detail, body));
  });

  routes.post(
    '/api/savings/batches/:id/reversal',
    { config: manageSavings, schema: { params: idParams, body: reversalSchema } },
    async (request, reply) => {
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, `batch-reversal:${request.params.id}`, request.body);
      const result = await reverseBatch(deps, request.actor, request.params.id, request.body.reason, key);
      if (result.isReplay) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );
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
  return printable || 'payroll';
}
