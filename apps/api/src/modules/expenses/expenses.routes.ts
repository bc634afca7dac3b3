import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, calendarDate, expenseIdParamsSchema, expenseInputSchema, expenseListQuerySchema, expenseViewQuerySchema } from '@kobo/core';
import { sendWorkbook } from '../../spreadsheet/send-workbook.ts';
import { prepareExpenseViewExport } from './export-expense-view.ts';
import type { ExpenseDeps } from './expense-deps.ts';
import { createExpense } from './create-expense.ts';
import { updateExpense } from './update-expense.ts';
import { deleteExpense } from './delete-expense.ts';
import { getExpense, listExpenses } from './read-expenses.ts';

export async function expensesRoutes(app: FastifyInstance, deps: ExpenseDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The organisation's calendar (APP_TIMEZONE): the expense form's Date defaults to today there,
  // not in the browser's zone (docs/decisions/009-expenses-screens.md).
  routes.get('/api/calendar', { config: { access: 'use_app' } }, async () => ({ timeZone: deps.timeZone, today: calendarDate(deps.now(), deps.timeZone) }));

  routes.get('/api/expenses', { config: { access: 'view_expenses' }, schema: { querystring: expenseListQuerySchema } }, async (request) =>
    listExpenses(deps, request.actor, request.query),
  );

  // The screen's own export: the same filters, search and order as the list (docs/decisions/032-find-and-scan.md).
  routes.get('/api/expenses/export', { config: { access: 'view_expenses' }, schema: { querystring: expenseViewQuerySchema } }, async (request, reply) => {
    const prepared = await prepareExpenseViewExport(deps, request.actor, request.query);
    reply.header('x-export-rows', String(prepared.rowCount));
    return sendWorkbook(reply, prepared.fileName, (output) => prepared.writeTo(output));
  });

  routes.post(
    '/api/expenses',
    { config: { access: 'create_expense' }, schema: { body: expenseInputSchema } },
    async (request, reply) => {
      const { expense, budget } = await createExpense(deps, request.actor, request.body);
      return reply.status(201).send({ expense, budget, message: MESSAGES.expenseAdded });
    },
  );

  routes.get('/api/expenses/:id', { config: { access: 'view_expenses' }, schema: { params: expenseIdParamsSchema } }, async (request) => ({
    expense: await getExpense(deps, request.actor, request.params.id),
  }));

  routes.put(
    '/api/expenses/:id',
    { config: { access: 'edit_expense' }, schema: { params: expenseIdParamsSchema, body: expenseInputSchema } },
    async (request) => ({ ...(await updateExpense(deps, request.actor, request.params.id, request.body)), message: MESSAGES.expenseUpdated }),
  );

  routes.delete('/api/expenses/:id', { config: { access: 'delete_expense' }, schema: { params: expenseIdParamsSchema } }, async (request) => {
    await deleteExpense(deps, request.actor, request.params.id);
    return { message: MESSAGES.expenseDeleted };
  });
}
