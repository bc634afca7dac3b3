import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exitBatchPreviewInputSchema,
  exitBatchPreviewSchema,
  exitBatchSettleInputSchema,
  exitBatchSettleSchema,
  exitPayOutInputSchema,
  exitReasonInputSchema,
  exitSettlementInputSchema,
  exitStatementSchema,
  exitViewSchema,
  fileAnswer,
} from '@kobo/core';
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import { approveExit } from './approve-exit.ts';
import { previewBatch, settleBatch } from './batch-exits.ts';
import type { ExitDeps } from './exits.routes.ts';
import { payOutExit } from './pay-out-exit.ts';
import { previewExit, statementForWorkbook } from './preview-exit.ts';
import { reverseExit } from './reverse-exit.ts';
import { settleExit } from './settle-exit.ts';
import { statementFileName, writeStatementWorkbook } from './statement-workbook.ts';

/** Officers act; the auditor reads the statement beside them (issue 32). */
const manage = { access: 'manage_staff_savings' } as const;
const read = { access: ['manage_staff_savings', 'view_staff_savings'] } as const;

const idParams = z.object({ id: z.string().min(1).max(200) });
/** The workbook's query: the preview's input; ignored from approval on, when the frozen statement is sent. */
const workbookQuery = exitSettlementInputSchema.partial({ settlementDate: true });
/** What stops a statement from being approved or settled (work-out-statement.ts's refuseUnsettleable). */
const unsettleable = ['EXIT_GUARANTEES_OPEN', 'EXIT_LOAN_APPLICATION_OPEN', 'EXIT_SHORTFALL', 'EXIT_GUARANTOR_SHORT', 'EXIT_NOMINEES_MISSING'] as const;

/**
 * A member's exit settled (issue 32, docs/decisions/051-member-exit.md): the statement's preview
 * (JSON and .xlsx), approval, settlement (one entry), pay-out and reversal.
 */
export async function exitSettlementRoutes(app: FastifyInstance, deps: ExitDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Many exits at once (a redundancy, a branch closing): registered before /api/exits/:id/… so 'batch' is never taken for an id.
  routes.post(
    '/api/exits/batch/preview',
    {
      config: { ...read, errors: ['EXIT_NOT_FOUND'] },
      schema: { operationId: 'previewExitBatch', body: exitBatchPreviewInputSchema, response: { 200: exitBatchPreviewSchema } },
    },
    async (request) => previewBatch(deps, request.body),
  );

  routes.post(
    '/api/exits/batch/settle',
    {
      config: {
        ...manage,
        errors: ['EXIT_NOT_FOUND', 'EXIT_NOT_APPROVED', 'EXIT_ALREADY_SETTLED', 'EXIT_STATEMENT_CHANGED', 'PERIOD_LOCKED', 'SAVINGS_ACCOUNT_CLOSED', ...unsettleable],
      },
      schema: { operationId: 'settleExitBatch', body: exitBatchSettleInputSchema, response: { 201: exitBatchSettleSchema } },
    },
    async (request, reply) => {
      const result = await settleBatch(deps, request.actor, request.body.exitIds);
      deps.outbox.nudge();
      return reply.status(201).send(result);
    },
  );

  routes.post(
    '/api/exits/:id/preview',
    {
      config: { ...read, errors: ['EXIT_NOT_FOUND'] },
      schema: { operationId: 'previewExitStatement', params: idParams, body: exitSettlementInputSchema, response: { 200: exitStatementSchema } },
    },
    async (request) => previewExit(deps, request.params.id, request.body),
  );

  routes.get(
    '/api/exits/:id/statement.xlsx',
    {
      config: { ...read, errors: ['EXIT_NOT_FOUND'] },
      schema: {
        operationId: 'downloadExitStatement',
        params: idParams,
        querystring: workbookQuery,
        response: { 200: fileAnswer(XLSX_CONTENT_TYPE, 'The settlement statement (products, loans, fee, net or shortfall, recoveries, payees), an .xlsx workbook') },
      },
    },
    async (request, reply) => {
      const { seq, holderName, statement } = await statementForWorkbook(deps, request.params.id, request.query);
      return sendWorkbook(reply, statementFileName(seq, statement), (body) => writeStatementWorkbook(holderName, statement, body));
    },
  );

  routes.post(
    '/api/exits/:id/approve',
    {
      config: { ...manage, errors: ['EXIT_NOT_FOUND', 'EXIT_NOT_NOTICE', 'EXIT_NOTICE_PERIOD', 'EXIT_OWN_APPROVAL', ...unsettleable] },
      schema: { operationId: 'approveExit', params: idParams, body: exitSettlementInputSchema, response: { 200: exitViewSchema } },
    },
    async (request) => approveExit(deps, request.actor, request.params.id, request.body),
  );

  routes.post(
    '/api/exits/:id/settle',
    {
      config: {
        ...manage,
        idempotent: true,
        errors: ['EXIT_NOT_FOUND', 'EXIT_NOT_APPROVED', 'EXIT_ALREADY_SETTLED', 'EXIT_STATEMENT_CHANGED', 'PERIOD_LOCKED', 'SAVINGS_ACCOUNT_CLOSED', ...unsettleable],
      },
      schema: { operationId: 'settleExit', params: idParams, response: { 201: exitViewSchema } },
    },
    async (request, reply) => {
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, `exit-settle:${request.params.id}`, {});
      const result = await settleExit(deps, request.actor, request.params.id, key);
      if (result.isReplay) reply.header('idempotent-replayed', 'true');
      else deps.outbox.nudge();
      return reply.status(201).send(result.body);
    },
  );

  routes.post(
    '/api/exits/:id/pay-out',
    {
      config: { ...manage, errors: ['EXIT_NOT_FOUND', 'EXIT_NOT_SETTLED', 'PERIOD_LOCKED'] },
      schema: { operationId: 'payOutExit', params: idParams, body: exitPayOutInputSchema, response: { 200: exitViewSchema } },
    },
    async (request) => payOutExit(deps, request.actor, request.params.id, request.body.reference),
  );

  routes.post(
    '/api/exits/:id/reverse',
    {
      config: {
        ...manage,
        idempotent: true,
        errors: ['EXIT_NOT_FOUND', 'EXIT_CANNOT_REVERSE', 'PERIOD_LOCKED', 'REVERSAL_OVERDRAWS', 'ALREADY_REVERSED', 'NO_SAVINGS_ACCOUNT', 'LOAN_REVERSAL_REFUSED'],
      },
      schema: { operationId: 'reverseExit', params: idParams, body: exitReasonInputSchema, response: { 201: exitViewSchema } },
    },
    async (request, reply) => {
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, `exit-reverse:${request.params.id}`, request.body);
      const result = await reverseExit(deps, request.actor, request.params.id, request.body.reason, key);
      if (result.isReplay) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );
}
