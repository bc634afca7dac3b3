import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryListQuerySchema, createCategorySchema } from '@kobo/core';
import type { CategoryDeps } from './category-deps.ts';
import { listCategories } from './list-categories.ts';
import { createCategory } from './create-category.ts';
import { deleteCategory } from './delete-category.ts';

const idParams = z.object({ id: z.string().max(100) });

export async function categoriesRoutes(app: FastifyInstance, deps: CategoryDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const manage = { access: 'manage_categories' } as const;

  routes.get('/api/categories', { config: { access: 'view_expenses' }, schema: { querystring: categoryListQuerySchema } }, async (request) => ({
    categories: await listCategories(deps, request.actor, request.query),
  }));

  routes.post('/api/categories', { config: manage, schema: { body: createCategorySchema } }, async (request, reply) => {
    const category = await createCategory(deps, request.actor, request.body);
    return reply.status(201).send({ category });
  });

  routes.delete('/api/categories/:id', { config: manage, schema: { params: idParams } }, async (request, reply) => {
    await deleteCategory(deps, request.params.id, request.actor);
    return reply.status(204).send();
  });
}
