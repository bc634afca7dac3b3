import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createLedgerAccountSchema, setLedgerAccountSchema, updateLedgerAccountSchema } from '@kobo/core';
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

/**
 * Settings › Books (issue 27): the chart of accounts (GET /api/books/accounts is the reports'
 * routes') and the mappings each posting rule starts from. Every change is audited and answers
 * the new state.
 */
export async function booksChartRoutes(app: FastifyInstance, deps: BookDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/books/accounts', { config: manageBooks, schema: { body: createLedgerAccountSchema } }, async (request, reply) =>
    reply.status(201).send({ account: await createLedgerAccount(deps, request.actor, request.body) }),
  );

  routes.patch('/api/books/accounts/:id', { config: manageBooks, schema: { params: idParams, body: updateLedgerAccountSchema } }, async (request) => ({
    account: await updateLedgerAccount(deps, request.actor, request.params.id, request.body),
  }));

  routes.delete('/api/books/accounts/:id', { config: manageBooks, schema: { params: idParams } }, async (request, reply) => {
    await deleteLedgerAccount(deps, request.actor, request.params.id);
    return reply.status(204).send();
  });

  routes.get('/api/books/mappings', { config: { access: 'view_books' } }, async () => listLedgerMappings(deps.db));

  routes.put('/api/books/mappings/:key', { config: manageBooks, schema: { params: keyParams, body: setLedgerAccountSchema } }, async (request) =>
    setLedgerMapping(deps, request.actor, request.params.key, request.body.accountId),
  );

  routes.delete('/api/books/mappings/:key', { config: manageBooks, schema: { params: keyParams } }, async (request) =>
    deleteLedgerMapping(deps, request.actor, request.params.key),
  );

  routes.put('/api/books/categories/:id/account', { config: manageBooks, schema: { params: idParams, body: setLedgerAccountSchema } }, async (request) =>
    setCategoryAccount(deps, request.actor, request.params.id, request.body.accountId),
  );
}
