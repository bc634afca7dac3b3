import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adviceDetailSchema,
  adviceLineChangeSchema,
  adviceListSchema,
  fileAnswer,
  payrollLayoutInputSchema,
  payrollLayoutListSchema,
  payrollLayoutSchema,
  payrollSettingsSchema,
  prepareAdviceSchema,
} from '@kobo/core';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { XLSX_CONTENT_TYPE, sendWorkbook } from '../../spreadsheet/send-workbook.ts';
import { adviceCsv, writeAdviceWorkbook } from './advice-file.ts';
import { adviceMonth, readAdviceDetail } from './advice-month.ts';
import { changeAdviceLine } from './change-advice-line.ts';
import { deletePayrollLayout } from './delete-payroll-layout.ts';
import { readAdviceDownload } from './download-advice.ts';
import { issueAdvice } from './issue-advice.ts';
import { listAdvices } from './list-advices.ts';
import { listPayrollLayouts } from './payroll-layouts.ts';
import { readPayrollSettings, savePayrollSettings } from './payroll-settings.ts';
import { prepareAdvice } from './prepare-advice.ts';
import { createPayrollLayout, updatePayrollLayout } from './save-payroll-layout.ts';

/** Reading the advice, its files and the layouts: an officer or the auditor. Every write: the officer. */
const readPayroll = { access: 'view_staff_savings' } as const;
const managePayroll = { access: 'manage_staff_savings' } as const;

const monthParams = z.object({ month: z.string().max(20) });
const lineParams = monthParams.extend({ userId: z.string().min(1).max(200) });
const layoutParams = z.object({ id: z.string().min(1).max(200) });
const downloadQuery = z.object({ layout: z.string().max(200).default('generic') });
const layoutRefusals = ['PAYROLL_LAYOUT_NOT_FOUND', 'PAYROLL_LAYOUT_BUILT_IN', 'PAYROLL_LAYOUT_NAME_TAKEN'] as const;
const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * The payroll loop before payday (issue 30, docs/decisions/047-payroll-loop.md): the settings,
 * the payroll layouts, and the month's deduction advice (prepare, change a line, hold a member
 * out, issue, download in a layout).
 */
export async function payrollAdviceRoutes(app: FastifyInstance, deps: SavingsDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/payroll/settings', { config: readPayroll, schema: { operationId: 'getPayrollSettings', response: { 200: payrollSettingsSchema } } }, async () =>
    readPayrollSettings(deps.db),
  );

  routes.put(
    '/api/payroll/settings',
    { config: managePayroll, schema: { operationId: 'savePayrollSettings', body: payrollSettingsSchema, response: { 200: payrollSettingsSchema } } },
    async (request) => savePayrollSettings(deps, request.actor, request.body),
  );

  routes.get('/api/payroll/layouts', { config: readPayroll, schema: { operationId: 'listPayrollLayouts', response: { 200: payrollLayoutListSchema } } }, async () =>
    listPayrollLayouts(deps.db),
  );

  routes.post(
    '/api/payroll/layouts',
    { config: { ...managePayroll, errors: layoutRefusals }, schema: { operationId: 'createPayrollLayout', body: payrollLayoutInputSchema, response: { 201: payrollLayoutSchema } } },
    async (request, reply) => reply.status(201).send(await createPayrollLayout(deps, request.actor, request.body)),
  );

  routes.put(
    '/api/payroll/layouts/:id',
    {
      config: { ...managePayroll, errors: layoutRefusals },
      schema: { operationId: 'updatePayrollLayout', params: layoutParams, body: payrollLayoutInputSchema, response: { 200: payrollLayoutSchema } },
    },
    async (request) => updatePayrollLayout(deps, request.actor, request.params.id, request.body),
  );

  routes.delete(
    '/api/payroll/layouts/:id',
    { config: { ...managePayroll, errors: layoutRefusals }, schema: { operationId: 'deletePayrollLayout', params: layoutParams, response: { 204: z.undefined() } } },
    async (request, reply) => {
      await deletePayrollLayout(deps, request.actor, request.params.id);
      return reply.status(204).send();
    },
  );

  routes.post(
    '/api/payroll/advices',
    { config: { ...managePayroll, errors: ['PAYROLL_ADVICE_ISSUED'] }, schema: { operationId: 'preparePayrollAdvice', body: prepareAdviceSchema, response: { 201: adviceDetailSchema } } },
    async (request, reply) => reply.status(201).send(await prepareAdvice(deps, request.actor, request.body)),
  );

  routes.get('/api/payroll/advices', { config: readPayroll, schema: { operationId: 'listPayrollAdvices', response: { 200: adviceListSchema } } }, async () => listAdvices(deps.db));

  routes.get(
    '/api/payroll/advices/:month',
    { config: { ...readPayroll, errors: ['PAYROLL_ADVICE_NOT_FOUND'] }, schema: { operationId: 'getPayrollAdvice', params: monthParams, response: { 200: adviceDetailSchema } } },
    async (request) => readAdviceDetail(deps.db, adviceMonth(request.params.month)),
  );

  routes.put(
    '/api/payroll/advices/:month/lines/:userId',
    {
      config: { ...managePayroll, errors: ['PAYROLL_ADVICE_NOT_FOUND', 'PAYROLL_ADVICE_ISSUED', 'PAYROLL_MEMBER_NOT_IN_ADVICE'] },
      schema: { operationId: 'changePayrollAdviceLine', params: lineParams, body: adviceLineChangeSchema, response: { 200: adviceDetailSchema } },
    },
    async (request) => changeAdviceLine(deps, request.actor, request.params.month, request.params.userId, request.body),
  );

  routes.post(
    '/api/payroll/advices/:month/issue',
    {
      config: { ...managePayroll, errors: ['PAYROLL_ADVICE_NOT_FOUND', 'PAYROLL_ADVICE_ISSUED'] },
      schema: { operationId: 'issuePayrollAdvice', params: monthParams, response: { 200: adviceDetailSchema } },
    },
    async (request) => issueAdvice(deps, request.actor, request.params.month),
  );

  routes.get(
    '/api/payroll/advices/:month/download',
    {
      config: { ...readPayroll, errors: ['PAYROLL_ADVICE_NOT_FOUND', 'PAYROLL_ADVICE_NOT_ISSUED', 'PAYROLL_LAYOUT_NOT_FOUND', 'PAYROLL_LAYOUT_MISSES_DEDUCTION'] },
      schema: {
        operationId: 'downloadPayrollAdvice',
        params: monthParams,
        querystring: downloadQuery,
        response: { 200: { description: 'The issued advice in the layout: .xlsx or CSV', content: { ...fileAnswer(XLSX_CONTENT_TYPE, '').content, ...fileAnswer(CSV_CONTENT_TYPE, '').content } } },
      },
    },
    async (request, reply) => {
      const { table, layout, fileName } = await readAdviceDownload(deps.db, request.params.month, request.query.layout);
      if (layout.format === 'xlsx') return sendWorkbook(reply, fileName, (output) => writeAdviceWorkbook(table, layout, output));
      return reply.header('content-type', CSV_CONTENT_TYPE).header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(adviceCsv(table, layout));
    },
  );
}
