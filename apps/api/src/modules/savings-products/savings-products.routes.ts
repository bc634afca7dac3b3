import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { savingsProductAccountsAnswerSchema, savingsProductAnswerSchema, savingsProductRulesSchema, savingsProductsAnswerSchema } from '@kobo/core';
import { deleteSavingsProduct } from './delete-savings-product.ts';
import { listSavingsProducts } from './list-savings-products.ts';
import { listSavingsProductAccounts } from './product-accounts.ts';
import { setSavingsProductRetired } from './retire-savings-product.ts';
import { saveSavingsProduct } from './save-savings-product.ts';
import type { SavingsProductDeps } from './savings-product-views.ts';

/** Setting products up: an admin (the savings officer), as loan products are. */
const manageProducts = { access: 'manage_staff_savings' } as const;
/** The list: whoever reads savings, a member for their own pages. */
const readersAndHolders = { access: ['view_staff_savings', 'view_own_savings'] } as const;
const idParams = z.object({ id: z.uuid() });
const listQuery = z.object({ include: z.enum(['retired']).optional() });

/** Savings products (issue 29, docs/decisions/046-savings-products.md): Settings › Savings products. */
export async function savingsProductsRoutes(app: FastifyInstance, deps: SavingsProductDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/savings-products',
    { config: readersAndHolders, schema: { operationId: 'listSavingsProducts', querystring: listQuery, response: { 200: savingsProductsAnswerSchema } } },
    async (request) => ({ products: await listSavingsProducts(deps.db, request.actor, request.query.include === 'retired') }),
  );

  routes.get(
    '/api/savings-products/control-accounts',
    { config: manageProducts, schema: { operationId: 'listSavingsProductAccounts', response: { 200: savingsProductAccountsAnswerSchema } } },
    async () => listSavingsProductAccounts(deps.db),
  );

  routes.post(
    '/api/savings-products',
    {
      config: { ...manageProducts, errors: ['SAVINGS_PRODUCT_NAME_TAKEN'] },
      schema: { operationId: 'createSavingsProduct', body: savingsProductRulesSchema, response: { 201: savingsProductAnswerSchema } },
    },
    async (request, reply) => reply.status(201).send({ product: await saveSavingsProduct(deps, request.actor, request.body, null) }),
  );

  routes.put(
    '/api/savings-products/:id',
    {
      config: { ...manageProducts, errors: ['SAVINGS_PRODUCT_NAME_TAKEN', 'SAVINGS_PRODUCT_NOT_FOUND', 'SAVINGS_PRODUCT_HELD', 'ORDINARY_SAVINGS_FIXED'] },
      schema: { operationId: 'updateSavingsProduct', params: idParams, body: savingsProductRulesSchema, response: { 200: savingsProductAnswerSchema } },
    },
    async (request) => ({ product: await saveSavingsProduct(deps, request.actor, request.body, request.params.id) }),
  );

  routes.post(
    '/api/savings-products/:id/retire',
    {
      config: { ...manageProducts, errors: ['SAVINGS_PRODUCT_NOT_FOUND', 'ORDINARY_SAVINGS_FIXED'] },
      schema: { operationId: 'retireSavingsProduct', params: idParams, response: { 200: savingsProductAnswerSchema } },
    },
    async (request) => ({ product: await setSavingsProductRetired(deps, request.actor, request.params.id, true) }),
  );

  routes.post(
    '/api/savings-products/:id/restore',
    { config: { ...manageProducts, errors: ['SAVINGS_PRODUCT_NOT_FOUND'] }, schema: { operationId: 'restoreSavingsProduct', params: idParams, response: { 200: savingsProductAnswerSchema } } },
    async (request) => ({ product: await setSavingsProductRetired(deps, request.actor, request.params.id, false) }),
  );

  routes.delete(
    '/api/savings-products/:id',
    {
      config: { ...manageProducts, errors: ['SAVINGS_PRODUCT_NOT_FOUND', 'SAVINGS_PRODUCT_HELD', 'ORDINARY_SAVINGS_FIXED'] },
      schema: { operationId: 'deleteSavingsProduct', params: idParams, response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await deleteSavingsProduct(deps, request.actor, request.params.id);
      return reply.status(204).send();
    },
  );
}
