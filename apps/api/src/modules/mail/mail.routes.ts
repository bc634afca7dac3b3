import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailPreferencesAnswerSchema, mailPreferencesUpdateSchema, outboxMailParamsSchema, outboxPageSchema, outboxQuerySchema } from '@kobo/core';
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

  const preferences = { 200: mailPreferencesAnswerSchema };
  routes.get('/api/account/mail-preferences', { config: { access: 'view_profile' }, schema: { operationId: 'getMailPreferences', response: preferences } }, async (request) => ({
    preferences: await readMailPreferences(deps.db, request.actor),
  }));

  const update = { operationId: 'updateMailPreferences', body: mailPreferencesUpdateSchema, response: preferences };
  routes.put('/api/account/mail-preferences', { config: { access: 'edit_profile' }, schema: update }, async (request) => ({
    preferences: await saveMailPreferences(deps.db, request.actor, request.body),
  }));

  const outbox = { operationId: 'listOutboxMail', querystring: outboxQuerySchema, response: { 200: outboxPageSchema } };
  routes.get('/api/mail/outbox', { config: mailAdmin, schema: outbox }, async (request) =>
    listOutbox(deps.db, deps.outbox, request.query),
  );

  const retry = { operationId: 'retryOutboxMail', params: outboxMailParamsSchema, response: { 204: z.undefined() } };
  routes.post('/api/mail/outbox/:id/retry', { config: { ...mailAdmin, errors: ['MAIL_NOT_FOUND', 'MAIL_NOT_FAILED'] }, schema: retry }, async (request, reply) => {
    await retryMail(deps, request.actor, request.params.id);
    return reply.status(204).send();
  });
}
