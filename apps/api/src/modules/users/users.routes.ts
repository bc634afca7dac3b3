import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  addUserSchema,
  changeRoleSchema,
  messageAnswerSchema,
  userAnswerSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userPageSchema,
} from '@kobo/core';
import { changeUserRole } from './change-role.ts';
import { createUser } from './create-user.ts';
import { deleteUser } from './delete-user.ts';
import { listUsers } from './list-users.ts';
import { setUserActive } from './set-active.ts';
import type { UserDeps } from './user-rows.ts';

const manageUsers = { access: 'manage_users' } as const;

/** User Management (SPEC 2, 4, 5; docs/decisions/011-people-and-audit.md). Rules live in the services. */
export async function usersRoutes(app: FastifyInstance, deps: UserDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const answer = { 200: userAnswerSchema };
  const list = { operationId: 'listUsers', querystring: userListQuerySchema, response: { 200: userPageSchema } };
  routes.get('/api/users', { config: manageUsers, schema: list }, async (request) =>
    listUsers(deps.db, request.query, deps.now()),
  );

  const add = { operationId: 'createUser', body: addUserSchema, response: { 201: userAnswerSchema } };
  routes.post('/api/users', { config: { ...manageUsers, errors: ['USER_EMAIL_IN_USE', 'STAFF_ID_FAILED'] }, schema: add }, async (request, reply) => {
    const user = await createUser(deps, request.actor, request.body);
    return reply.status(201).send({ user, message: MESSAGES.userAdded });
  });

  routes.patch(
    '/api/users/:id/role',
    {
      config: { ...manageUsers, errors: ['NOT_FOUND', 'CANNOT_CHANGE_OWN_ROLE', 'ADMIN_WITH_SAVINGS', 'AUDITOR_WITH_SAVINGS', 'LAST_ACTIVE_ADMIN'] },
      schema: { operationId: 'changeUserRole', params: userIdParamsSchema, body: changeRoleSchema, response: answer },
    },
    async (request) => ({
      user: await changeUserRole(deps, request.actor, request.params.id, request.body.role),
      message: MESSAGES.userRoleUpdated,
    }),
  );

  const deactivate = { operationId: 'deactivateUser', params: userIdParamsSchema, response: answer };
  const deactivateRefusals = ['NOT_FOUND', 'CANNOT_DEACTIVATE_OWN_ACCOUNT', 'LAST_ACTIVE_ADMIN'] as const;
  routes.post('/api/users/:id/deactivate', { config: { ...manageUsers, errors: deactivateRefusals }, schema: deactivate }, async (request) => ({
    user: await setUserActive(deps, request.actor, request.params.id, false),
    message: MESSAGES.userDeactivated,
  }));

  const reactivate = { operationId: 'reactivateUser', params: userIdParamsSchema, response: answer };
  routes.post('/api/users/:id/reactivate', { config: { ...manageUsers, errors: ['NOT_FOUND'] }, schema: reactivate }, async (request) => ({
    user: await setUserActive(deps, request.actor, request.params.id, true),
    message: MESSAGES.userReactivated,
  }));

  const remove = { operationId: 'deleteUser', params: userIdParamsSchema, response: { 200: messageAnswerSchema } };
  const removeRefusals = ['NOT_FOUND', 'CANNOT_DELETE_OWN_ACCOUNT', 'SAVINGS_BALANCE_NOT_ZERO', 'LAST_ACTIVE_ADMIN'] as const;
  routes.delete('/api/users/:id', { config: { ...manageUsers, errors: removeRefusals }, schema: remove }, async (request) => {
    await deleteUser(deps, request.actor, request.params.id);
    return { message: MESSAGES.userDeleted };
  });
}
