import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MESSAGES,
  calendarAnswerSchema,
  calendarDate,
  expenseIdParamsSchema,
  expenseInputSchema,
  expenseListQuerySchema,
  expensePageSchema,
  expenseViewQuerySchema,
  expenseViewSchema,
  messageAnswerSchema,
  savedExpenseAnswerSchema,
  type ErrorCode,
} from '@kobo/core';
import { fileAnswer } from '../../http/route-contract.ts';
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';
import { prepareExpenseViewExport } from './export-expense-view.ts';
import type { ExpenseDeps } from './expense-deps.ts';
import { createExpense } from './create-expense.ts';
import { updateExpense } from './update-expense.ts';
import { deleteExpense } from './delete-expense.ts';
import { getExpense, listExpenses } from './read-expenses.ts';

/** What saving an expense can refuse: an item that is gone, receipts it cannot take or lacks, a locked month. */
const SAVE_REFUSALS: ErrorCode[] = ['CATEGORY_NOT_FOUND', 'RECEIPT_NOT_ATTACHABLE', 'RECEIPT_REQUIRED', 'PERIOD_LOCKED'];

export async function expensesRoutes(app: FastifyInstance, deps: ExpenseDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The organisation's calendar (APP_TIMEZONE): the expense form's Date defaults to today there,
  // not in the browser's zone (docs/decisions/009-expenses-screens.md).
  const calendar = { operationId: 'getCalendar', response: { 200: calendarAnswerSchema } };
  routes.get('/api/calendar', { config: { access: 'use_app' }, schema: calendar }, async () => ({
    timeZone: deps.timeZone,
    today: calendarDate(deps.now(), deps.timeZone),
  }));

  const list = { operationId: 'listExpenses', querystring: expenseListQuerySchema, response: { 200: expensePageSchema } };
  routes.get('/api/expenses', { config: { access: 'view_expenses' }, schema: list }, async (request) => listExpenses(deps, request.actor, request.query));

  // The screen's own export: the same filters, search and order as the list (docs/decisions/032-find-and-scan.md).
  const exported = { operationId: 'exportExpenses', querystring: expenseViewQuerySchema, response: { 200: fileAnswer(XLSX_CONTENT_TYPE, 'The listed expenses as an .xlsx workbook') } };
  routes.get('/api/expenses/export', { config: { access: 'view_expenses', errors: ['EXPORT_TOO_LARGE'] }, schema: exported }, async (request, reply) => {
    const prepared = await prepareExpenseViewExport(deps, request.actor, request.query);
    reply.header('x-export-rows', String(prepared.rowCount));
    return sendWorkbook(reply, prepared.fileName, (output) => prepared.writeTo(output));
  });

  const create = { operationId: 'createExpense', body: expenseInputSchema, response: { 201: savedExpenseAnswerSchema } };
  routes.post('/api/expenses', { config: { access: 'create_expense', errors: SAVE_REFUSALS }, schema: create }, async (request, reply) => {
    const { expense, budget } = await createExpense(deps, request.actor, request.body);
    return reply.status(201).send({ expense, budget, message: MESSAGES.expenseAdded });
  });

  const read = { operationId: 'getExpense', params: expenseIdParamsSchema, response: { 200: z.object({ expense: expenseViewSchema }) } };
  routes.get('/api/expenses/:id', { config: { access: 'view_expenses', errors: ['NOT_FOUND'] }, schema: read }, async (request) => ({
    expense: await getExpense(deps, request.actor, request.params.id),
  }));

  const update = { operationId: 'updateExpense', params: expenseIdParamsSchema, body: expenseInputSchema, response: { 200: savedExpenseAnswerSchema } };
  routes.put('/api/expenses/:id', { config: { access: 'edit_expense', errors: ['NOT_FOUND', ...SAVE_REFUSALS] }, schema: update }, async (request) => ({
    ...(await updateExpense(deps, request.actor, request.params.id, request.body)),
    message: MESSAGES.expenseUpdated,
  }));

  const remove = { operationId: 'deleteExpense', params: expenseIdParamsSchema, response: { 200: messageAnswerSchema } };
  routes.delete('/api/expenses/:id', { config: { access: 'delete_expense', errors: ['NOT_FOUND', 'PERIOD_LOCKED'] }, schema: remove }, async (request) => {
    await deleteExpense(deps, request.actor, request.params.id);
    return { message: MESSAGES.expenseDeleted };
  });
}
