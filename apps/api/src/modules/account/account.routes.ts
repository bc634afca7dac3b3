import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteAccountSchema } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { deleteOwnAccount } from './delete-own-account.ts';

export async function accountRoutes(app: FastifyInstance, deps: { db: Database }) {
  app.withTypeProvider<ZodTypeProvider>().delete('/api/account', { config: { access: 'edit_profile' }, schema: { body: deleteAccountSchema } }, async (request, reply) => {
    await deleteOwnAccount(deps.db, request.actor);
    // The sessions went with the user (cascade): the browser's cookie no longer opens anything.
    return reply.status(204).send();
  });
}
