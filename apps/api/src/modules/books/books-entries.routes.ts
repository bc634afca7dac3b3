import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookQuerySchema,
  bookSchema,
  declineEntryRequestSchema,
  entryRequestAnswerSchema,
  entryRequestsViewSchema,
  entryRequestStatusSchema,
  lockMonthSchema,
  manualEntrySchema,
  monthSchema,
  openingBalancesSchema,
  openingBalancesViewSchema,
  periodLockAnswerSchema,
  periodLocksViewSchema,
  POSTING_DAY_REFUSALS,
  postedEntryAnswerSchema,
} from '@kobo/core';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { idempotencyKeyFrom, sendPosted, sendPostedOrRecorded } from '../ledger/idempotency.ts';
import { approveEntryRequest, declineEntryRequest } from './decide-manual-entry.ts';
import { listEntryRequests } from './list-entry-requests.ts';
import { listLocks } from './list-locks.ts';
import { lockMonth } from './lock-month.ts';
import { postOpeningBalances } from './post-opening-balances.ts';
import { postOrRequestManualEntry } from './post-manual-entry.ts';
import { readOpeningBalances } from './read-opening-balances.ts';
import { unlockMonth } from './unlock-month.ts';

const viewBooks = { access: 'view_books' } as const;
const manageBooks = { access: 'manage_books' } as const;
const requestParams = z.object({ id: z.string().min(1).max(200) });
/** What posting an entry can be refused for: its day, and an account it may not name. */
const entryRefusals = [...POSTING_DAY_REFUSALS, 'LEDGER_ACCOUNT_UNUSABLE', 'CONTROL_ACCOUNT_REFUSED'] as const;

/**
 * Locked months, manual journal entries (with a second admin's approval when two-person approval
 * is on) and opening balances (issue 27, docs/decisions/042-one-ledger.md). Rules live in the
 * operations; a locked month's refusal from any posting path is mapped in plugins/errors.ts.
 */
export async function booksEntriesRoutes(app: FastifyInstance, deps: SavingsDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/books/locks', { config: viewBooks, schema: { operationId: 'listPeriodLocks', querystring: bookQuerySchema, response: { 200: periodLocksViewSchema } } }, async (request) => listLocks(deps.db, request.query.book));

  routes.post(
    '/api/books/locks',
    {
      config: { ...manageBooks, errors: ['MONTH_IN_FUTURE'] },
      schema: { operationId: 'lockMonth', body: lockMonthSchema, response: { 200: periodLockAnswerSchema } },
    },
    async (request) => ({
      lock: await lockMonth(deps, request.actor, request.body),
    }),
  );

  routes.delete(
    '/api/books/locks/:book/:month',
    { config: manageBooks, schema: { operationId: 'unlockMonth', params: z.object({ book: bookSchema, month: monthSchema }), response: { 204: z.undefined() } } },
    async (request, reply) => {
      await unlockMonth(deps, request.actor, request.params);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/api/books/entries',
    {
      config: { ...manageBooks, idempotent: true, errors: entryRefusals },
      schema: { operationId: 'postManualEntry', body: manualEntrySchema, response: { 201: postedEntryAnswerSchema, 202: entryRequestAnswerSchema } },
    },
    async (request, reply) => {
      const actor = request.actor;
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], actor.id, 'manual-entry', request.body);
      // 201 posted, or 202 recorded for a second admin when two-person approval is on.
      return sendPostedOrRecorded(reply, await postOrRequestManualEntry(deps, actor, request.body, key));
    },
  );

  routes.get(
    '/api/books/entry-requests',
    { config: viewBooks, schema: { operationId: 'listEntryRequests', querystring: z.object({ status: entryRequestStatusSchema.optional() }), response: { 200: entryRequestsViewSchema } } },
    async (request) => listEntryRequests(deps.db, request.query.status),
  );

  routes.post(
    '/api/books/entry-requests/:id/approve',
    {
      // Approving posts the entry, with every refusal a posting can give.
      config: { ...manageBooks, errors: [...entryRefusals, 'ENTRY_REQUEST_NOT_FOUND', 'ENTRY_REQUEST_DECIDED', 'OWN_ENTRY_REQUEST'] },
      schema: { operationId: 'approveEntryRequest', params: requestParams, response: { 200: entryRequestAnswerSchema } },
    },
    async (request) => ({ request: await approveEntryRequest(deps, request.actor, request.params.id) }),
  );

  routes.post(
    '/api/books/entry-requests/:id/decline',
    {
      config: { ...manageBooks, errors: ['ENTRY_REQUEST_NOT_FOUND', 'ENTRY_REQUEST_DECIDED'] },
      schema: { operationId: 'declineEntryRequest', params: requestParams, body: declineEntryRequestSchema, response: { 200: entryRequestAnswerSchema } },
    },
    async (request) => ({ request: await declineEntryRequest(deps, request.actor, request.params.id, request.body.reason) }),
  );

  routes.post(
    '/api/books/opening',
    { config: { ...manageBooks, errors: [...entryRefusals, 'OPENING_ALREADY_POSTED'] }, schema: { operationId: 'postOpeningBalances', body: openingBalancesSchema, response: { 201: postedEntryAnswerSchema } } },
    async (request, reply) => sendPosted(reply, { body: { entry: await postOpeningBalances(deps, request.actor, request.body) }, isReplay: false }),
  );

  routes.get(
    '/api/books/opening',
    {
      config: viewBooks,
      schema: { operationId: 'getOpeningBalances', querystring: z.object({ book: bookSchema }), response: { 200: openingBalancesViewSchema } },
    },
    async (request) =>
      readOpeningBalances(deps.db, request.query.book),
  );
}
