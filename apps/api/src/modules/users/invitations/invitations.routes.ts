import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  acceptInvitationSchema,
  invitationStateSchema,
  invitationTokenParamsSchema,
  inviteUserSchema,
  mailNoticeSchema,
  publicUserSchema,
  userIdParamsSchema,
  type InvitationAccepted,
  type InvitationView,
} from '@kobo/core';
import type { InvitationDeps } from './invitation-deps.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { inviteUser } from './invite-user.ts';
import { readInvitation } from './read-invitation.ts';
import { resendInvitation } from './resend-invitation.ts';
import { withdrawInvitation } from './withdraw-invitation.ts';

const manageUsers = { access: 'manage_users' } as const;
const isPublic = { access: 'public' } as const;

/** Issue 26: the answer says whether the mail will leave; when it is only kept, `mail.links` holds the accept link. */
const invitedResponse = z.object({ user: publicUserSchema.extend({ invitation: invitationStateSchema }), message: z.string(), mail: mailNoticeSchema });
const resentResponse = z.object({ invitation: invitationStateSchema, message: z.string(), mail: mailNoticeSchema });

/** Invitations (issue 15, docs/decisions/023-invitations.md): the admin's three acts and the link's two. */
export async function invitationsRoutes(app: FastifyInstance, deps: InvitationDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/api/users/invitations', { config: manageUsers, schema: { body: inviteUserSchema, response: { 201: invitedResponse } } }, async (request, reply) => {
    const { user, expiresAt, mail } = await inviteUser(deps, request.actor, request.body);
    const invitation = { status: 'pending' as const, expiresAt: expiresAt.toISOString() };
    const message = mail.delivery === 'kept' ? MESSAGES.invitationKept : MESSAGES.invitationSent;
    return reply.status(201).send({ user: { ...user, invitation }, message, mail });
  });

  routes.post('/api/users/:id/invitation', { config: manageUsers, schema: { params: userIdParamsSchema, response: { 200: resentResponse } } }, async (request) => {
    const { expiresAt, mail } = await resendInvitation(deps, request.actor, request.params.id);
    const message = mail.delivery === 'kept' ? MESSAGES.invitationResentKept : MESSAGES.invitationResent;
    return { invitation: { status: 'pending' as const, expiresAt: expiresAt.toISOString() }, message, mail };
  });

  routes.delete('/api/users/:id/invitation', { config: manageUsers, schema: { params: userIdParamsSchema } }, async (request) => ({
    invitation: await withdrawInvitation(deps, request.actor, request.params.id),
    message: MESSAGES.invitationWithdrawn,
  }));

  routes.get(
    '/api/invitations/:token',
    { config: isPublic, schema: { params: invitationTokenParamsSchema } },
    async (request): Promise<InvitationView> => readInvitation(deps.db, request.params.token, deps.now()),
  );

  routes.post(
    '/api/invitations/:token/accept',
    { config: isPublic, schema: { params: invitationTokenParamsSchema, body: acceptInvitationSchema } },
    async (request): Promise<InvitationAccepted> => acceptInvitation(deps, request.params.token, request.body.password),
  );
}
