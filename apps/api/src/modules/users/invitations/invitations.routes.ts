import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  acceptInvitationSchema,
  invitationAcceptedSchema,
  invitationResentAnswerSchema,
  invitationTokenParamsSchema,
  invitationViewSchema,
  invitationWithdrawnAnswerSchema,
  invitedAnswerSchema,
  inviteUserSchema,
  userIdParamsSchema,
  type ErrorCode,
} from '@kobo/core';
import type { InvitationDeps } from './invitation-deps.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { inviteUser } from './invite-user.ts';
import { readInvitation } from './read-invitation.ts';
import { resendInvitation } from './resend-invitation.ts';
import { withdrawInvitation } from './withdraw-invitation.ts';

const manageUsers = { access: 'manage_users' } as const;
const isPublic = { access: 'public' } as const;

/** Why a link does not open (invitation-rules.ts): never issued (404), used, withdrawn or expired (410), or its person deactivated (403). */
const LINK_REFUSALS: ErrorCode[] = ['INVITATION_NOT_FOUND', 'INVITATION_USED', 'INVITATION_WITHDRAWN', 'INVITATION_EXPIRED', 'ACCOUNT_DISABLED'];
/** Why an admin cannot invite this person (again): not found, inactive, or already has a password. */
const INVITE_REFUSALS: ErrorCode[] = ['NOT_FOUND', 'INVITE_INACTIVE_ACCOUNT', 'ALREADY_HAS_PASSWORD'];

/** Invitations (issue 15, docs/decisions/023-invitations.md): the admin's three acts and the link's two. */
export async function invitationsRoutes(app: FastifyInstance, deps: InvitationDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const invite = { operationId: 'inviteUser', body: inviteUserSchema, response: { 201: invitedAnswerSchema } };
  routes.post('/api/users/invitations', { config: { ...manageUsers, errors: ['USER_EMAIL_IN_USE', 'STAFF_ID_FAILED'] }, schema: invite }, async (request, reply) => {
    const { user, expiresAt, mail } = await inviteUser(deps, request.actor, request.body);
    const invitation = { status: 'pending' as const, expiresAt: expiresAt.toISOString() };
    const message = mail.delivery === 'kept' ? MESSAGES.invitationKept : MESSAGES.invitationSent;
    return reply.status(201).send({ user: { ...user, invitation }, message, mail });
  });

  const resend = { operationId: 'resendInvitation', params: userIdParamsSchema, response: { 200: invitationResentAnswerSchema } };
  routes.post('/api/users/:id/invitation', { config: { ...manageUsers, errors: INVITE_REFUSALS }, schema: resend }, async (request) => {
    const { expiresAt, mail } = await resendInvitation(deps, request.actor, request.params.id);
    const message = mail.delivery === 'kept' ? MESSAGES.invitationResentKept : MESSAGES.invitationResent;
    return { invitation: { status: 'pending' as const, expiresAt: expiresAt.toISOString() }, message, mail };
  });

  const withdraw = { operationId: 'withdrawInvitation', params: userIdParamsSchema, response: { 200: invitationWithdrawnAnswerSchema } };
  routes.delete('/api/users/:id/invitation', { config: { ...manageUsers, errors: ['NOT_FOUND'] }, schema: withdraw }, async (request) => ({
    invitation: await withdrawInvitation(deps, request.actor, request.params.id),
    message: MESSAGES.invitationWithdrawn,
  }));

  routes.get(
    '/api/invitations/:token',
    { config: { ...isPublic, errors: LINK_REFUSALS }, schema: { operationId: 'getInvitation', params: invitationTokenParamsSchema, response: { 200: invitationViewSchema } } },
    async (request) => readInvitation(deps.db, request.params.token, deps.now()),
  );

  routes.post(
    '/api/invitations/:token/accept',
    {
      config: { ...isPublic, errors: LINK_REFUSALS },
      schema: { operationId: 'acceptInvitation', params: invitationTokenParamsSchema, body: acceptInvitationSchema, response: { 200: invitationAcceptedSchema } },
    },
    async (request) => acceptInvitation(deps, request.params.token, request.body.password),
  );
}
