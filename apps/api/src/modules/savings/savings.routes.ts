import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  booksStartResponseSchema,
  booksStartSchema,
  createStaffSchema,
  reversalSchema,
  savingsPeriodSchema,
  savingsTransactionSchema,
  statementRangeSchema,
  transferSchema,
} from '@kobo/core';
import { MAX_HISTORY_ROWS } from '../ledger/savings-accounts.ts';
import { createStaff, listSavingsHolders } from './savings-holders.ts';
import { getAccountDetail, getMySavings } from './read-savings.ts';
import { reverseTransaction } from './reverse-transaction.ts';
import { readBooksStart, saveBooksStart } from '../ledger/books-start.ts';
import { getStatement } from './statement.ts';
import { statementFileName, writeStatementWorkbook } from './statement-workbook.ts';
import { idempotencyKeyFrom, sendPosted, sendPostedOrRecorded } from '../ledger/idempotency.ts';
import { postOrRequestTransaction, postOrRequestTransfer } from './requests/create-request.ts';
import { requestsRoutes } from './requests/requests.routes.ts';
import type { RequestDeps } from './requests/request-deps.ts';
import { sendWorkbook } from '../../spreadsheet/send-workbook.ts';

const manageSavings = { access: 'manage_staff_savings' } as const;
/** Reading any holder's savings: an officer or the auditor (issue 27), who changes nothing. */
const readSavings = { access: 'view_staff_savings' } as const;
/** An officer for any holder, or a holder for their own account (holder-for-request.ts decides whose). */
const postSavings = { access: ['manage_staff_savings', 'post_own_savings'] } as const;
const readStatement = { access: ['view_staff_savings', 'view_own_savings'] } as const;

const limitQuery = z.object({ limit: z.coerce.number().int().min(1).max(MAX_HISTORY_ROWS).optional() });

/** The savings API (docs/decisions/007-savings-api.md). Rules live in the services. */
export async function savingsRoutes(app: FastifyInstance, deps: RequestDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Two-person approval and members' requests (issue 15).
  await requestsRoutes(app, deps);

  // The books' start date (issue 26): no posting is valued before it.
  routes.get('/api/savings/books-start', { config: manageSavings, schema: { response: { 200: booksStartResponseSchema } } }, async () =>
    readBooksStart(deps.db, deps),
  );

  routes.put(
    '/api/savings/books-start',
    { config: manageSavings, schema: { body: booksStartSchema, response: { 200: booksStartResponseSchema } } },
    async (request) => saveBooksStart(deps, request.actor, request.body.booksStart),
  );

  routes.get(
    '/api/savings/holders',
    { config: readSavings, schema: { querystring: z.object({ search: z.string().max(200).optional(), excludeUserId: z.string().max(200).optional() }) } },
    async (request) => ({ holders: await listSavingsHolders(deps.db, request.query) }),
  );

  routes.post('/api/savings/staff', { config: manageSavings, schema: { body: createStaffSchema } }, async (request, reply) => {
    return reply.status(201).send({ staff: await createStaff(deps.db, request.body, request.actor, deps.now()) });
  });

  routes.get('/api/savings/me', { config: { access: 'view_own_savings' }, schema: { querystring: limitQuery } }, async (request) =>
    getMySavings(deps, request.actor, request.query),
  );

  routes.get(
    '/api/savings/accounts/:ref',
    { config: readSavings, schema: { params: z.object({ ref: z.string().min(1).max(200) }), querystring: z.object({ period: savingsPeriodSchema }) } },
    async (request) => getAccountDetail(deps, request.params.ref, request.query.period),
  );

  routes.post('/api/savings/transactions', { config: postSavings, schema: { body: savingsTransactionSchema } }, async (request, reply) => {
    const actor = request.actor;
    const key = idempotencyKeyFrom(request.headers['idempotency-key'], actor.id, 'transaction', request.body);
    // 201 posted, or 202 recorded as a request awaiting an administrator (issue 15).
    return sendPostedOrRecorded(reply, await postOrRequestTransaction(deps, actor, request.body, key));
  });

  routes.post(
    '/api/savings/transactions/:id/reversal',
    { config: manageSavings, schema: { params: z.object({ id: z.string().min(1).max(200) }), body: reversalSchema } },
    async (request, reply) => {
      const actor = request.actor;
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], actor.id, `reversal:${request.params.id}`, request.body);
      return sendPosted(reply, await reverseTransaction(deps, actor, request.params.id, request.body, key));
    },
  );

  routes.post('/api/savings/transfers', { config: manageSavings, schema: { body: transferSchema } }, async (request, reply) => {
    const actor = request.actor;
    const key = idempotencyKeyFrom(request.headers['idempotency-key'], actor.id, 'transfer', request.body);
    return sendPostedOrRecorded(reply, await postOrRequestTransfer(deps, actor, request.body, key));
  });

  routes.get('/api/savings/statement', { config: readStatement, schema: { querystring: statementRangeSchema } }, async (request) =>
    getStatement(deps, request.actor, request.query),
  );

  routes.get(
    '/api/savings/statement/export',
    { config: readStatement, schema: { querystring: statementRangeSchema } },
    async (request, reply) => {
      // Read and checked before a byte is sent, so a refusal is still a JSON answer.
      const statement = await getStatement(deps, request.actor, request.query);
      return sendWorkbook(reply, statementFileName(statement), (output) => writeStatementWorkbook(statement, deps.timeZone, output));
    },
  );
}
