import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteAccountSchema } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { requireActor } from '../../plugins/authentication.ts';
import { deleteOwnAccount } from './account.service.ts';

export async function accountRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().delete('/api/account', { schema: { body: deleteAccountSchema } }, async (request, reply) => {
    await deleteOwnAccount(deps.db, requireActor(request));
    // The sessions went with the user (cascade): the browser's cookie no longer opens anything.
    return reply.status(204).send();
  });
}
