import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailPreferencesUpdateSchema, outboxMailParamsSchema, outboxPageSchema, outboxQuerySchema } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { listOutbox } from './list-outbox.ts';
import { readMailPreferences, saveMailPreferences } from './mail-preferences.ts';
import { retryMail } from './retry-mail.ts';

/** Admins look after the mail that reaches people (the outbox holds their addresses). */
const mailAdmin = { access: 'manage_users' } as const;

/** Issue 15 (docs/decisions/020-notifications.md): each person's mail settings, and the admins' outgoing mail. */
export async function mailRoutes(app: FastifyInstance, deps: { db: Database; outbox: Pick<Outbox, 'nudge' | 'delivery' | 'countKept'>; now: () => Date }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/account/mail-preferences', { config: { access: 'view_profile' } }, async (request) => ({
    preferences: await readMailPreferences(deps.db, request.actor),
  }));

  routes.put('/api/account/mail-preferences', { config: { access: 'edit_profile' }, schema: { body: mailPreferencesUpdateSchema } }, async (request) => ({
    preferences: await saveMailPreferences(deps.db, request.actor, request.body),
  }));

  routes.get('/api/mail/outbox', { config: mailAdmin, schema: { querystring: outboxQuerySchema, response: { 200: outboxPageSchema } } }, async (request) =>
    listOutbox(deps.db, deps.outbox, request.query),
  );

  routes.post('/api/mail/outbox/:id/retry', { config: mailAdmin, schema: { params: outboxMailParamsSchema } }, async (request, reply) => {
    await retryMail(deps, request.actor, request.params.id);
    return reply.status(204).send();
  });
}
