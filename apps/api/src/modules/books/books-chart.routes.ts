import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createLedgerAccountSchema,
  ledgerAccountAnswerSchema,
  ledgerMappingsViewSchema,
  setLedgerAccountSchema,
  updateLedgerAccountSchema,
} from '@kobo/core';
import type { BookDeps } from './book-views.ts';
import { createLedgerAccount } from './create-ledger-account.ts';
import { updateLedgerAccount } from './update-ledger-account.ts';
import { deleteLedgerAccount } from './delete-ledger-account.ts';
import { listLedgerMappings } from './list-ledger-mappings.ts';
import { setLedgerMapping } from './set-ledger-mapping.ts';
import { deleteLedgerMapping } from './delete-ledger-mapping.ts';
import { setCategoryAccount } from './set-category-account.ts';

const manageBooks = { access: 'manage_books' } as const;
const idParams = z.object({ id: z.string().min(1).max(200) });
const keyParams = z.object({ key: z.string().min(1).max(200) });
/** The account a mapping or an expense item is pointed at: gone, or of another book or kind, or retired. */
const accountChoiceRefusals = ['LEDGER_ACCOUNT_NOT_FOUND', 'LEDGER_MAPPING_ACCOUNT_INVALID'] as const;

/**
 * Settings › Books (issue 27): the chart of accounts (GET /api/books/accounts is the reports'
 * routes') and the mappings each posting rule starts from. Every change is audited and answers
 * the new state.
 */
export async function booksChartRoutes(app: FastifyInstance, deps: BookDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/books/accounts',
    { config: { ...manageBooks, errors: ['LEDGER_ACCOUNT_CODE_TAKEN'] }, schema: { operationId: 'createLedgerAccount', body: createLedgerAccountSchema, response: { 201: ledgerAccountAnswerSchema } } },
    async (request, reply) => reply.status(201).send({ account: await createLedgerAccount(deps, request.actor, request.body) }),
  );

  routes.patch(
    '/api/books/accounts/:id',
    {
      config: { ...manageBooks, errors: ['LEDGER_ACCOUNT_NOT_FOUND', 'LEDGER_ACCOUNT_CODE_TAKEN', 'LEDGER_ACCOUNT_IN_USE'] },
      schema: { operationId: 'updateLedgerAccount', params: idParams, body: updateLedgerAccountSchema, response: { 200: ledgerAccountAnswerSchema } },
    },
    async (request) => ({ account: await updateLedgerAccount(deps, request.actor, request.params.id, request.body) }),
  );

  routes.delete(
    '/api/books/accounts/:id',
    { config: { ...manageBooks, errors: ['LEDGER_ACCOUNT_NOT_FOUND', 'LEDGER_ACCOUNT_IN_USE'] }, schema: { operationId: 'deleteLedgerAccount', params: idParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await deleteLedgerAccount(deps, request.actor, request.params.id);
      return reply.status(204).send();
    },
  );

  routes.get('/api/books/mappings', { config: { access: 'view_books' }, schema: { operationId: 'listLedgerMappings', response: { 200: ledgerMappingsViewSchema } } }, async () => listLedgerMappings(deps.db));

  routes.put(
    '/api/books/mappings/:key',
    {
      config: { ...manageBooks, errors: ['LEDGER_MAPPING_NOT_FOUND', ...accountChoiceRefusals] },
      schema: { operationId: 'setLedgerMapping', params: keyParams, body: setLedgerAccountSchema, response: { 200: ledgerMappingsViewSchema } },
    },
    async (request) => setLedgerMapping(deps, request.actor, request.params.key, request.body.accountId),
  );

  routes.delete(
    '/api/books/mappings/:key',
    { config: { ...manageBooks, errors: ['LEDGER_MAPPING_NOT_FOUND', 'LEDGER_MAPPING_FIXED'] }, schema: { operationId: 'deleteLedgerMapping', params: keyParams, response: { 200: ledgerMappingsViewSchema } } },
    async (request) => deleteLedgerMapping(deps, request.actor, request.params.key),
  );

  routes.put(
    '/api/books/categories/:id/account',
    {
      config: { ...manageBooks, errors: ['NOT_FOUND', ...accountChoiceRefusals] },
      schema: { operationId: 'setCategoryAccount', params: idParams, body: setLedgerAccountSchema, response: { 200: ledgerMappingsViewSchema } },
    },
    async (request) => setCategoryAccount(deps, request.actor, request.params.id, request.body.accountId),
  );
}
