import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, budgetInputSchema, budgetListSchema, budgetParamsSchema, budgetSavedSchema, messageAnswerSchema } from '@kobo/core';
import type { BudgetDeps } from './budget-deps.ts';
import { listBudgets } from './list-budgets.ts';
import { setBudget } from './set-budget.ts';
import { removeBudget } from './remove-budget.ts';

/** Category budgets (issue 14): admins and managers list, set and remove them. */
export async function budgetsRoutes(app: FastifyInstance, deps: BudgetDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const manage = { access: 'manage_budgets' } as const;

  routes.get('/api/budgets', { config: manage, schema: { operationId: 'listBudgets', response: { 200: budgetListSchema } } }, async () => ({
    budgets: await listBudgets(deps),
  }));

  const set = { operationId: 'setBudget', params: budgetParamsSchema, body: budgetInputSchema, response: { 200: budgetSavedSchema } };
  routes.put('/api/budgets/:categoryId', { config: { ...manage, errors: ['NOT_FOUND'] }, schema: set }, async (request) => {
    await setBudget(deps, request.actor, request.params.categoryId, request.body);
    const budget = (await listBudgets(deps)).find((one) => one.categoryId === request.params.categoryId.toLowerCase());
    return { budget, message: MESSAGES.budgetSaved };
  });

  const remove = { operationId: 'removeBudget', params: budgetParamsSchema, response: { 200: messageAnswerSchema } };
  routes.delete('/api/budgets/:categoryId', { config: { ...manage, errors: ['NOT_FOUND'] }, schema: remove }, async (request) => {
    await removeBudget(deps, request.actor, request.params.categoryId);
    return { message: MESSAGES.budgetRemoved };
  });
}
