import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, calendarDate, expenseIdParamsSchema, expenseInputSchema, expenseListQuerySchema } from '@kobo/core';
import { requireActor } from '../../plugins/authentication.ts';
import { expenseReadersOnly } from './expense-scope.ts';
import {
  createExpense,
  deleteExpense,
  getExpense,
  listExpenses,
  updateExpense,
  type ExpenseDeps,
} from './expenses.service.ts';

export async function expensesRoutes(app: FastifyInstance, deps: ExpenseDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The organisation's calendar (APP_TIMEZONE): the expense form's Date defaults to today there,
  // not in the browser's zone (docs/decisions/009-expenses-screens.md).
  routes.get('/api/calendar', async () => ({ timeZone: deps.timeZone, today: calendarDate(deps.now(), deps.timeZone) }));

  routes.get('/api/expenses', { onRequest: expenseReadersOnly, schema: { querystring: expenseListQuerySchema } }, async (request) =>
    listExpenses(deps, requireActor(request), request.query),
  );

  routes.post(
    '/api/expenses',
    { config: { permission: 'create_expense' }, schema: { body: expenseInputSchema } },
    async (request, reply) => {
      const expense = await createExpense(deps, requireActor(request), request.body);
      return reply.status(201).send({ expense, message: MESSAGES.expenseAdded });
    },
  );

  routes.get('/api/expenses/:id', { onRequest: expenseReadersOnly, schema: { params: expenseIdParamsSchema } }, async (request) => ({
    expense: await getExpense(deps, requireActor(request), request.params.id),
  }));

  routes.put(
    '/api/expenses/:id',
    { config: { permission: 'edit_expense' }, schema: { params: expenseIdParamsSchema, body: expenseInputSchema } },
    async (request) => ({
      expense: await updateExpense(deps, requireActor(request), request.params.id, request.body),
      message: MESSAGES.expenseUpdated,
    }),
  );

  routes.delete('/api/expenses/:id', { schema: { params: expenseIdParamsSchema } }, async (request) => {
    await deleteExpense(deps, requireActor(request), request.params.id);
    return { message: MESSAGES.expenseDeleted };
  });
}
