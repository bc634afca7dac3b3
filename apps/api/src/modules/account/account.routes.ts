import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  deleteAccountSchema,
  emailChangeConfirmedSchema,
  messageAnswerSchema,
  profileDetailsSchema,
  userAnswerSchema,
} from '@kobo/core';
import { toFetchHeaders } from '../../plugins/request-context.ts';
import type { AccountDeps, Caller } from './account-deps.ts';
import { deleteOwnAccount } from './delete-own-account.ts';
import { updateOwnDetails } from './update-own-details.ts';
import { changeOwnPassword } from './change-own-password.ts';
import { requestEmailChange } from './request-email-change.ts';
import { confirmEmailChange } from './confirm-email-change.ts';

/** A person's own account (SPEC 4 "Account deletion"; issue 15's self-service on /profile). */
export async function accountRoutes(app: FastifyInstance, deps: AccountDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const ownAccount = { access: 'edit_profile' } as const;

  // The current password is checked like a sign-in: wrong (400), or too many tries (429).
  const passwordChecked = ['CURRENT_PASSWORD_WRONG', 'TOO_MANY_ATTEMPTS'] as const;

  routes.delete(
    '/api/account',
    {
      config: { ...ownAccount, errors: ['NOT_FOUND', 'LAST_ADMIN', 'SAVINGS_BALANCE_NOT_ZERO'] },
      schema: { operationId: 'deleteOwnAccount', body: deleteAccountSchema, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await deleteOwnAccount(deps.db, request.actor);
      // The sessions went with the user (cascade): the browser's cookie no longer opens anything.
      return reply.status(204).send();
    },
  );

  routes.patch(
    '/api/account/profile',
    { config: ownAccount, schema: { operationId: 'updateOwnProfile', body: profileDetailsSchema, response: { 200: userAnswerSchema } } },
    async (request) => ({ user: await updateOwnDetails(deps, request.actor, request.body), message: MESSAGES.detailsSaved }),
  );

  routes.post(
    '/api/account/password',
    { config: { ...ownAccount, errors: passwordChecked }, schema: { operationId: 'changeOwnPassword', body: changePasswordSchema, response: { 200: messageAnswerSchema } } },
    async (request, reply) => {
      const setCookies = await changeOwnPassword(deps, request.actor, request.body, callerOf(request));
      // This browser's new session: the one it had ended with all the others.
      for (const cookie of setCookies) reply.header('set-cookie', cookie);
      return { message: MESSAGES.ownPasswordChanged };
    },
  );

  routes.post(
    '/api/account/email',
    {
      config: { ...ownAccount, errors: [...passwordChecked, 'SAME_EMAIL', 'EMAIL_IN_USE'] },
      schema: { operationId: 'requestOwnEmailChange', body: changeEmailSchema, response: { 202: messageAnswerSchema } },
    },
    async (request, reply) => {
      await requestEmailChange(deps, request.actor, request.body, callerOf(request));
      // Accepted, not done: the email changes when the link mailed to the new address is opened.
      return reply.status(202).send({ message: MESSAGES.emailChangeSent });
    },
  );

  // Public: whoever holds the link may confirm, signed in or not, in whichever browser opened it.
  routes.post(
    '/api/account/email/confirm',
    {
      config: { access: 'public', errors: ['EMAIL_CHANGE_LINK_INVALID', 'EMAIL_CHANGE_LINK_EXPIRED', 'ACCOUNT_DISABLED', 'EMAIL_IN_USE'] },
      schema: { operationId: 'confirmEmailChange', body: confirmEmailChangeSchema, response: { 200: emailChangeConfirmedSchema } },
    },
    async (request) => confirmEmailChange(deps, request.body.token),
  );
}

function callerOf(request: FastifyRequest): Caller {
  return { headers: toFetchHeaders(request), clientAddress: request.ip };
}
