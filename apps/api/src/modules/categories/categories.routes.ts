import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryListQuerySchema, createCategorySchema } from '@kobo/core';
import { requireActor } from '../../plugins/authentication.ts';
import { expenseReadersOnly } from '../expenses/expense-scope.ts';
import { createCategory, deleteCategory, listCategories, type CategoryDeps } from './categories.service.ts';

const idParams = z.object({ id: z.string().max(100) });

export async function categoriesRoutes(app: FastifyInstance, deps: CategoryDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const manage = { permission: 'manage_categories' } as const;

  routes.get('/api/categories', { onRequest: expenseReadersOnly, schema: { querystring: categoryListQuerySchema } }, async (request) => ({
    categories: await listCategories(deps, requireActor(request), request.query),
  }));

  routes.post('/api/categories', { config: manage, schema: { body: createCategorySchema } }, async (request, reply) => {
    const category = await createCategory(deps, requireActor(request), request.body);
    return reply.status(201).send({ category });
  });

  routes.delete('/api/categories/:id', { config: manage, schema: { params: idParams } }, async (request, reply) => {
    await deleteCategory(deps, request.params.id, requireActor(request));
    return reply.status(204).send();
  });
}
