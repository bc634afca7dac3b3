import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  forgotPasswordSchema,
  messageAnswerSchema,
  resetPasswordSchema,
  sessionInfoSchema,
  setupInfoSchema,
  signInSchema,
  signUpSchema,
  signUpSettingsAnswerSchema,
  signUpSettingsSchema,
  signedInAnswerSchema,
} from '@kobo/core';
import { toFetchHeaders } from '../../plugins/request-context.ts';
import type { AuthDeps } from './auth-deps.ts';
import { getSetupInfo } from './setup-info.ts';
import { saveSignUpSettings } from './sign-up-settings.ts';
import { signUp } from './sign-up.ts';
import { signIn } from './sign-in.ts';
import { signOut } from './sign-out.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';

export async function authRoutes(app: FastifyInstance, deps: AuthDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const isPublic = { access: 'public' } as const;

  routes.get('/api/auth/setup', { config: isPublic, schema: { operationId: 'getSetup', response: { 200: setupInfoSchema } } }, async () =>
    getSetupInfo(deps.db),
  );

  // The sign-up switch (docs/decisions/023-invitations.md); its state is read from /api/auth/setup.
  routes.put(
    '/api/auth/sign-up-settings',
    { config: { access: 'manage_users' }, schema: { operationId: 'updateSignUpSettings', body: signUpSettingsSchema, response: { 200: signUpSettingsAnswerSchema } } },
    async (request) => ({ settings: await saveSignUpSettings(deps, request.actor, request.body), message: MESSAGES.signUpSettingSaved }),
  );

  routes.post(
    '/api/auth/sign-up',
    {
      config: { ...isPublic, errors: ['SIGN_UP_CLOSED', 'EMAIL_IN_USE'] },
      schema: { operationId: 'signUp', body: signUpSchema, response: { 201: signedInAnswerSchema } },
    },
    async (request, reply) => {
      const { user, setCookies } = await signUp(deps, request.body, toFetchHeaders(request));
      setCookieHeaders(reply, setCookies);
      return reply.status(201).send({ user });
    },
  );

  routes.post(
    '/api/auth/sign-in',
    {
      config: { ...isPublic, errors: ['TOO_MANY_ATTEMPTS', 'USER_NOT_FOUND', 'WRONG_PASSWORD', 'ACCOUNT_DISABLED'] },
      schema: { operationId: 'signIn', body: signInSchema, response: { 200: signedInAnswerSchema } },
    },
    async (request, reply) => {
      const { user, setCookies } = await signIn(
        deps,
        { ...request.body, clientAddress: request.ip },
        toFetchHeaders(request),
      );
      setCookieHeaders(reply, setCookies);
      return { user };
    },
  );

  routes.post('/api/auth/sign-out', { config: isPublic, schema: { operationId: 'signOut', response: { 204: z.undefined() } } }, async (request, reply) => {
    setCookieHeaders(reply, await signOut(deps.auth, toFetchHeaders(request)));
    return reply.status(204).send();
  });

  // Public, so that a visitor's first page load gets an answer ({ user: null }) and not a 401
  // that the browser would log as an error.
  routes.get(
    '/api/auth/session',
    { config: { access: 'public', readsSession: true }, schema: { operationId: 'getSession', response: { 200: sessionInfoSchema } } },
    async (request) => ({ user: request.sessionActor }),
  );

  routes.post(
    '/api/auth/forgot-password',
    {
      config: { ...isPublic, errors: ['TOO_MANY_RESET_REQUESTS'] },
      schema: { operationId: 'requestPasswordReset', body: forgotPasswordSchema, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      await requestPasswordReset(deps, { email: request.body.email, clientAddress: request.ip }, toFetchHeaders(request));
      return { message: MESSAGES.resetEmailSent };
    },
  );

  routes.post(
    '/api/auth/reset-password',
    {
      config: { ...isPublic, errors: ['RESET_LINK_INVALID'] },
      schema: { operationId: 'resetPassword', body: resetPasswordSchema, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      await resetPassword(deps.auth, request.body);
      return { message: MESSAGES.passwordChanged };
    },
  );
}

function setCookieHeaders(reply: FastifyReply, cookies: string[]) {
  for (const cookie of cookies) reply.header('set-cookie', cookie);
}
