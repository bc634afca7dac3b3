import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryAnswerSchema, categoryListQuerySchema, categoryListSchema, createCategorySchema } from '@kobo/core';
import type { CategoryDeps } from './category-deps.ts';
import { listCategories } from './list-categories.ts';
import { createCategory } from './create-category.ts';
import { deleteCategory } from './delete-category.ts';

const idParams = z.object({ id: z.string().max(100) });

export async function categoriesRoutes(app: FastifyInstance, deps: CategoryDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const manage = { access: 'manage_categories' } as const;

  const list = { operationId: 'listCategories', querystring: categoryListQuerySchema, response: { 200: categoryListSchema } };
  routes.get('/api/categories', { config: { access: 'view_expenses' }, schema: list }, async (request) => ({
    categories: await listCategories(deps, request.actor, request.query),
  }));

  const create = { operationId: 'createCategory', body: createCategorySchema, response: { 201: categoryAnswerSchema } };
  routes.post('/api/categories', { config: { ...manage, errors: ['CATEGORY_NAME_TAKEN'] }, schema: create }, async (request, reply) => {
    const category = await createCategory(deps, request.actor, request.body);
    return reply.status(201).send({ category });
  });

  const remove = { operationId: 'deleteCategory', params: idParams, response: { 204: z.undefined() } };
  routes.delete('/api/categories/:id', { config: { ...manage, errors: ['NOT_FOUND', 'CATEGORY_IN_USE'] }, schema: remove }, async (request, reply) => {
    await deleteCategory(deps, request.params.id, request.actor);
    return reply.status(204).send();
  });
}
