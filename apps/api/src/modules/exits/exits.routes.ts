import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exitDetailSchema,
  exitListQuerySchema,
  exitListSchema,
  exitNoticeInputSchema,
  exitReasonInputSchema,
  exitSettingsSchema,
  MESSAGES,
  memberExitNoticeInputSchema,
  myExitAnswerSchema,
  nomineesAnswerSchema,
  nomineesInputSchema,
  releaseGuaranteeInputSchema,
  replaceGuaranteeInputSchema,
  AppError,
} from '@kobo/core';
import type { Database } from '../../db/client.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { cancelExit } from './cancel-exit.ts';
import { liveExitOf } from './exit-store.ts';
import { readExitSettings, saveExitSettings } from './exit-settings.ts';
import { giveNotice } from './give-notice.ts';
import { listExits } from './list-exits.ts';
import { readNominees, saveNominees } from './nominees.ts';
import { readExitDetail } from './read-exit.ts';
import { releaseGuarantee } from './release-guarantee.ts';
import { replaceGuarantee } from './replace-guarantee.ts';

/** Mail queued by an operation (a new guarantor asked, a settlement) is sent sooner when nudged after its commit. */
export type ExitDeps = { db: Database; now: () => Date; timeZone: string; outbox: Pick<Outbox, 'nudge' | 'delivery'>; appUrl: string };

/** Officers change; officers and the auditor read; a holder acts on their own (issue 32). */
const officers = { access: 'manage_staff_savings' } as const;
const readers = { access: ['manage_staff_savings', 'view_staff_savings'] } as const;
const holders = { access: 'view_own_savings' } as const;

const idParams = z.object({ id: z.string().min(1).max(200) });
const userParams = z.object({ userId: z.string().min(1).max(100) });
const guaranteeParams = z.object({ id: z.string().min(1).max(200), loanId: z.string().min(1).max(200) });
const guaranteeRefusals = ['EXIT_NOT_FOUND', 'EXIT_NOT_NOTICE', 'EXIT_GUARANTEE_NOT_FOUND'] as const;

/**
 * A member leaves (issue 32, docs/decisions/051-member-exit.md): settings, nominees, notice, the
 * exits list and detail, guarantees released, cancellation. The settlement's money is in
 * exit-settlement.routes.ts.
 */
export async function exitRoutes(app: FastifyInstance, deps: ExitDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/exits/settings', { config: readers, schema: { operationId: 'getExitSettings', response: { 200: exitSettingsSchema } } }, async () => readExitSettings(deps.db));

  routes.put(
    '/api/exits/settings',
    { config: officers, schema: { operationId: 'saveExitSettings', body: exitSettingsSchema, response: { 200: exitSettingsSchema } } },
    async (request) => saveExitSettings(deps, request.actor, request.body),
  );

  // ---- Nominees: the member's own, and any member's for an officer ----
  routes.get('/api/account/nominees', { config: { ...holders, errors: ['NO_SAVINGS_ACCOUNT'] }, schema: { operationId: 'getMyNominees', response: { 200: nomineesAnswerSchema } } }, async (request) =>
    readNominees(deps.db, request.actor.id),
  );

  routes.put(
    '/api/account/nominees',
    { config: { ...holders, errors: ['NO_SAVINGS_ACCOUNT', 'EXIT_NOT_NOTICE'] }, schema: { operationId: 'saveMyNominees', body: nomineesInputSchema, response: { 200: nomineesAnswerSchema } } },
    async (request) => saveNominees(deps, request.actor, request.actor.id, request.body),
  );

  routes.get(
    '/api/members/:userId/nominees',
    { config: { ...readers, errors: ['NO_SAVINGS_ACCOUNT'] }, schema: { operationId: 'getMemberNominees', params: userParams, response: { 200: nomineesAnswerSchema } } },
    async (request) => readNominees(deps.db, request.params.userId),
  );

  routes.put(
    '/api/members/:userId/nominees',
    {
      config: { ...officers, errors: ['NO_SAVINGS_ACCOUNT', 'EXIT_NOT_NOTICE'] },
      schema: { operationId: 'saveMemberNominees', params: userParams, body: nomineesInputSchema, response: { 200: nomineesAnswerSchema } },
    },
    async (request) => saveNominees(deps, request.actor, request.params.userId, request.body),
  );

  // ---- Notice ----
  routes.post(
    '/api/exits',
    { config: { ...officers, errors: ['EXIT_NOT_HOLDER', 'EXIT_ALREADY_GIVEN'] }, schema: { operationId: 'giveExitNotice', body: exitNoticeInputSchema, response: { 201: exitDetailSchema } } },
    async (request, reply) => {
      const { userId, ...notice } = request.body;
      if (!userId) throw new AppError('VALIDATION', { message: MESSAGES.selectStaffMember, field: 'userId' });
      return reply.status(201).send(await giveNotice(deps, request.actor, userId, notice));
    },
  );

  routes.get('/api/account/exit', { config: holders, schema: { operationId: 'getMyExit', response: { 200: myExitAnswerSchema } } }, async (request) => {
    const live = await liveExitOf(deps.db, request.actor.id);
    return { exit: live ? await readExitDetail(deps.db, live.id) : null };
  });

  routes.post(
    '/api/account/exit',
    {
      config: { ...holders, errors: ['EXIT_NOT_HOLDER', 'EXIT_ALREADY_GIVEN'] },
      schema: { operationId: 'giveMyExitNotice', body: memberExitNoticeInputSchema, response: { 201: exitDetailSchema } },
    },
    async (request, reply) => reply.status(201).send(await giveNotice(deps, request.actor, request.actor.id, request.body)),
  );

  // ---- The list and one exit ----
  routes.get('/api/exits', { config: readers, schema: { operationId: 'listExits', querystring: exitListQuerySchema, response: { 200: exitListSchema } } }, async (request) =>
    listExits(deps.db, request.query.status),
  );

  routes.get(
    '/api/exits/:id',
    { config: { ...readers, errors: ['EXIT_NOT_FOUND'] }, schema: { operationId: 'getExit', params: idParams, response: { 200: exitDetailSchema } } },
    async (request) => readExitDetail(deps.db, request.params.id),
  );

  // ---- Guarantees first ----
  routes.post(
    '/api/exits/:id/guarantees/:loanId/release',
    {
      config: { ...officers, errors: guaranteeRefusals },
      schema: { operationId: 'releaseExitGuarantee', params: guaranteeParams, body: releaseGuaranteeInputSchema, response: { 200: exitDetailSchema } },
    },
    async (request) => releaseGuarantee(deps, request.actor, request.params.id, request.params.loanId, request.body.reason),
  );

  routes.post(
    '/api/exits/:id/guarantees/:loanId/replace',
    {
      config: { ...officers, errors: [...guaranteeRefusals, 'EXIT_REPLACEMENT_ASKED'] },
      schema: { operationId: 'replaceExitGuarantee', params: guaranteeParams, body: replaceGuaranteeInputSchema, response: { 200: exitDetailSchema } },
    },
    async (request) => replaceGuarantee(deps, request.actor, request.params.id, request.params.loanId, request.body.userId),
  );

  // ---- Cancellation ----
  routes.post(
    '/api/exits/:id/cancel',
    {
      config: { ...officers, errors: ['EXIT_NOT_FOUND', 'EXIT_NOT_NOTICE', 'EXIT_CANNOT_CANCEL'] },
      schema: { operationId: 'cancelExit', params: idParams, body: exitReasonInputSchema, response: { 200: exitDetailSchema } },
    },
    async (request) => cancelExit(deps, request.actor, request.params.id, request.body.reason),
  );
}
