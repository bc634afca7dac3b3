import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, budgetInputSchema, budgetParamsSchema } from '@kobo/core';
import type { BudgetDeps } from './budget-deps.ts';
import { listBudgets } from './list-budgets.ts';
import { setBudget } from './set-budget.ts';
import { removeBudget } from './remove-budget.ts';

/** Category budgets (issue 14): admins and managers list, set and remove them. */
export async function budgetsRoutes(app: FastifyInstance, deps: BudgetDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const manage = { access: 'manage_budgets' } as const;

  routes.get('/api/budgets', { config: manage }, async () => ({ budgets: await listBudgets(deps) }));

  routes.put('/api/budgets/:categoryId', { config: manage, schema: { params: budgetParamsSchema, body: budgetInputSchema } }, async (request) => {
    await setBudget(deps, request.actor, request.params.categoryId, request.body);
    const budget = (await listBudgets(deps)).find((one) => one.categoryId === request.params.categoryId.toLowerCase());
    return { budget, message: MESSAGES.budgetSaved };
  });

  routes.delete('/api/budgets/:categoryId', { config: manage, schema: { params: budgetParamsSchema } }, async (request) => {
    await removeBudget(deps, request.actor, request.params.categoryId);
    return { message: MESSAGES.budgetRemoved };
  });
}
