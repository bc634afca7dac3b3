import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fileAnswer,
  SAVINGS_BALANCE_REFUSALS,
  yearEndAppropriationSchema,
  yearEndPreviewSchema,
  yearEndReversalSchema,
  yearEndRunInputSchema,
  yearEndRunListSchema,
  yearEndRunSchema,
  yearEndSettingsSchema,
  yearEndSurplusSchema,
  yearEndYearListSchema,
  yearEndYearQuerySchema,
  yearEndYearSchema,
} from '@kobo/core';
import type { Outbox } from '../../mail/outbox.ts';
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { approveRun } from './approve-run.ts';
import { closeYear } from './close-year.ts';
import { postRun } from './post-run.ts';
import { previewFileName, writePreviewWorkbook } from './preview-workbook.ts';
import { previewRun } from './preview-run.ts';
import { readSurplus } from './read-surplus.ts';
import { listYears } from './read-years.ts';
import { reverseRun } from './reverse-run.ts';
import { listRuns, readRun } from './run-store.ts';
import { checkAppropriation, createRun, updateRun } from './save-run.ts';
import { readYearEndSettings, saveYearEndSettings } from './year-end-settings.ts';

/** Reading the year end: an admin or the auditor. Every write: an admin (issue 31). */
const viewBooks = { access: 'view_books' } as const;
const manageBooks = { access: 'manage_books' } as const;

const idParams = z.object({ id: z.string().min(1).max(200) });
const yearParams = yearEndYearQuerySchema;
const saveRefusals = ['YEAR_END_APPROPRIATION_REFUSED', 'YEAR_END_YEAR_CLOSED'] as const;
const reversalRefusals = ['YEAR_END_RUN_NOT_FOUND', 'YEAR_END_RUN_NOT_POSTED', 'YEAR_END_YEAR_CLOSED', 'REVERSAL_OVERDRAWS', 'ALREADY_REVERSED', 'NO_SAVINGS_ACCOUNT', 'PERIOD_LOCKED', ...SAVINGS_BALANCE_REFUSALS] as const;

export type YearEndDeps = SavingsDeps & { outbox: Pick<Outbox, 'nudge'> };

/** The year end (issue 31, docs/decisions/049-year-end-run.md): settings, surplus, runs, posting, reversal, closing. */
export async function yearEndRoutes(app: FastifyInstance, deps: YearEndDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/year-end/settings', { config: viewBooks, schema: { operationId: 'getYearEndSettings', response: { 200: yearEndSettingsSchema } } }, async () => readYearEndSettings(deps.db));

  routes.put(
    '/api/year-end/settings',
    { config: manageBooks, schema: { operationId: 'saveYearEndSettings', body: yearEndSettingsSchema, response: { 200: yearEndSettingsSchema } } },
    async (request) => saveYearEndSettings(deps, request.actor, request.body),
  );

  routes.get(
    '/api/year-end/surplus',
    { config: viewBooks, schema: { operationId: 'getYearEndSurplus', querystring: yearEndYearQuerySchema, response: { 200: yearEndSurplusSchema } } },
    async (request) => readSurplus(deps, request.query.year),
  );

  routes.post(
    '/api/year-end/appropriation',
    { config: manageBooks, schema: { operationId: 'workOutAppropriation', body: yearEndRunInputSchema, response: { 200: yearEndAppropriationSchema } } },
    async (request) => checkAppropriation(deps, request.body),
  );

  routes.get('/api/year-end/runs', { config: viewBooks, schema: { operationId: 'listYearEndRuns', response: { 200: yearEndRunListSchema } } }, async () => listRuns(deps.db));

  routes.post(
    '/api/year-end/runs',
    { config: { ...manageBooks, errors: saveRefusals }, schema: { operationId: 'createYearEndRun', body: yearEndRunInputSchema, response: { 201: yearEndRunSchema } } },
    async (request, reply) => reply.status(201).send(await createRun(deps, request.actor, request.body)),
  );

  routes.get(
    '/api/year-end/runs/:id',
    { config: { ...viewBooks, errors: ['YEAR_END_RUN_NOT_FOUND'] }, schema: { operationId: 'getYearEndRun', params: idParams, response: { 200: yearEndRunSchema } } },
    async (request) => readRun(deps.db, request.params.id),
  );

  routes.put(
    '/api/year-end/runs/:id',
    {
      config: { ...manageBooks, errors: ['YEAR_END_RUN_NOT_FOUND', 'YEAR_END_RUN_NOT_DRAFT', ...saveRefusals] },
      schema: { operationId: 'updateYearEndRun', params: idParams, body: yearEndRunInputSchema, response: { 200: yearEndRunSchema } },
    },
    async (request) => updateRun(deps, request.actor, request.params.id, request.body),
  );

  routes.get(
    '/api/year-end/runs/:id/preview',
    { config: { ...viewBooks, errors: ['YEAR_END_RUN_NOT_FOUND'] }, schema: { operationId: 'previewYearEndRun', params: idParams, response: { 200: yearEndPreviewSchema } } },
    async (request) => previewRun(deps, request.params.id),
  );

  routes.get(
    '/api/year-end/runs/:id/preview.xlsx',
    {
      config: { ...viewBooks, errors: ['YEAR_END_RUN_NOT_FOUND'] },
      schema: { operationId: 'downloadYearEndPreview', params: idParams, response: { 200: fileAnswer(XLSX_CONTENT_TYPE, "Every member's line and the totals, an .xlsx workbook") } },
    },
    async (request, reply) => {
      const preview = await previewRun(deps, request.params.id);
      return sendWorkbook(reply, previewFileName(preview), (body) => writePreviewWorkbook(preview, body));
    },
  );

  routes.post(
    '/api/year-end/runs/:id/approve',
    {
      config: { ...manageBooks, errors: ['YEAR_END_RUN_NOT_FOUND', 'YEAR_END_RUN_NOT_DRAFT', 'YEAR_END_OWN_RUN', 'YEAR_END_YEAR_NOT_OVER', ...saveRefusals] },
      schema: { operationId: 'approveYearEndRun', params: idParams, response: { 200: yearEndRunSchema } },
    },
    async (request) => approveRun(deps, request.actor, request.params.id),
  );

  routes.post(
    '/api/year-end/runs/:id/post',
    {
      config: { ...manageBooks, idempotent: true, errors: ['YEAR_END_RUN_NOT_FOUND', 'YEAR_END_RUN_NOT_APPROVED', 'YEAR_END_ALREADY_POSTED', 'YEAR_END_YEAR_CLOSED', 'PERIOD_LOCKED'] },
      schema: { operationId: 'postYearEndRun', params: idParams, response: { 201: yearEndRunSchema } },
    },
    async (request, reply) => {
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, `year-end-post:${request.params.id}`, {});
      const result = await postRun(deps, request.actor, request.params.id, key);
      if (result.isReplay) reply.header('idempotent-replayed', 'true');
      else deps.outbox.nudge();
      return reply.status(201).send(result.body);
    },
  );

  routes.post(
    '/api/year-end/runs/:id/reversal',
    {
      config: { ...manageBooks, idempotent: true, errors: reversalRefusals },
      schema: { operationId: 'reverseYearEndRun', params: idParams, body: yearEndReversalSchema, response: { 201: yearEndRunSchema } },
    },
    async (request, reply) => {
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, `year-end-reversal:${request.params.id}`, request.body);
      const result = await reverseRun(deps, request.actor, request.params.id, request.body.reason, key);
      if (result.isReplay) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );

  routes.get('/api/year-end/years', { config: viewBooks, schema: { operationId: 'listFinancialYears', response: { 200: yearEndYearListSchema } } }, async () => listYears(deps));

  routes.post(
    '/api/year-end/years/:year/close',
    {
      config: { ...manageBooks, errors: ['YEAR_END_YEAR_CLOSED', 'YEAR_END_YEAR_NOT_OVER', 'YEAR_END_RUN_AWAITING_POST'] },
      schema: { operationId: 'closeFinancialYear', params: yearParams, response: { 201: yearEndYearSchema } },
    },
    async (request, reply) => reply.status(201).send(await closeYear(deps, request.actor, request.params.year)),
  );
}
