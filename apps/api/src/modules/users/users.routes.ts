import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, addUserSchema, changeRoleSchema, userIdParamsSchema, userListQuerySchema, type UserAnswer } from '@kobo/core';
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

  routes.get('/api/users', { config: manageUsers, schema: { querystring: userListQuerySchema } }, async (request) =>
    listUsers(deps.db, request.query, deps.now()),
  );

  routes.post('/api/users', { config: manageUsers, schema: { body: addUserSchema } }, async (request, reply) => {
    const user = await createUser(deps, request.actor, request.body);
    return reply.status(201).send({ user, message: MESSAGES.userAdded } satisfies UserAnswer);
  });

  routes.patch(
    '/api/users/:id/role',
    { config: manageUsers, schema: { params: userIdParamsSchema, body: changeRoleSchema } },
    async (request): Promise<UserAnswer> => ({
      user: await changeUserRole(deps, request.actor, request.params.id, request.body.role),
      message: MESSAGES.userRoleUpdated,
    }),
  );

  routes.post('/api/users/:id/deactivate', { config: manageUsers, schema: { params: userIdParamsSchema } }, async (request): Promise<UserAnswer> => ({
    user: await setUserActive(deps, request.actor, request.params.id, false),
    message: MESSAGES.userDeactivated,
  }));

  routes.post('/api/users/:id/reactivate', { config: manageUsers, schema: { params: userIdParamsSchema } }, async (request): Promise<UserAnswer> => ({
    user: await setUserActive(deps, request.actor, request.params.id, true),
    message: MESSAGES.userReactivated,
  }));

  routes.delete('/api/users/:id', { config: manageUsers, schema: { params: userIdParamsSchema } }, async (request) => {
    await deleteUser(deps, request.actor, request.params.id);
    return { message: MESSAGES.userDeleted };
  });
}
