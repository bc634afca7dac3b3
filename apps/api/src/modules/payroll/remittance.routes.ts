import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  applyOverdeductionSchema,
  contributionArrearsReportSchema,
  currentMonth,
  fileAnswer,
  GENERIC_LAYOUT_ID,
  isPayrollMonth,
  MAX_BATCH_FILE_BYTES,
  MESSAGES,
  overdeductionListSchema,
  overdeductionSchema,
  ownContributionArrearsSchema,
  POSTING_DAY_REFUSALS,
  postedRemittanceSchema,
  refundOverdeductionSchema,
  remittanceDetailSchema,
  remittanceDraftSchema,
  remittanceMatchSchema,
  uploadedRemittanceSchema,
} from '@kobo/core';
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';
import { fileNameFrom } from '../batches/batches.routes.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import type { SavingsDeps } from '../ledger/savings-accounts.ts';
import { readAdvice } from './advice-store.ts';
import { applyOverdeduction } from './apply-overdeduction.ts';
import { arrearsFileName, writeArrearsWorkbook } from './arrears-workbook.ts';
import { readPayrollLayout } from './layout-store.ts';
import { matchRemittance } from './match-remittance.ts';
import { postRemittance } from './post-remittance.ts';
import { readArrearsReport, readOwnArrears } from './read-arrears.ts';
import { listOverdeductions } from './read-overdeductions.ts';
import { readPostedRemittance } from './read-remittance.ts';
import { readRemittanceFile } from './read-remittance-file.ts';
import { refundOverdeduction } from './refund-overdeduction.ts';

/** Reading (the review, reports, downloads): an officer or the auditor. Every write: an officer. */
const readPayroll = { access: 'view_staff_savings' } as const;
const managePayroll = { access: 'manage_staff_savings' } as const;
/** Room above the file limit, so an oversized file meets the run's own sentence, not the generic 413. */
const FILE_BODY_LIMIT = 3 * MAX_BATCH_FILE_BYTES;
/** 60,000 lines as JSON. */
const DRAFT_BODY_LIMIT = 16 * 1024 * 1024;

const monthParams = z.object({ month: z.string().max(20) });
const monthQuery = z.object({ month: z.string().max(20).optional() });
const layoutQuery = z.object({ layout: z.string().max(80).optional() });
const idParams = z.object({ id: z.string().min(1).max(200) });
const statusQuery = z.object({ status: z.enum(['held', 'refunded', 'applied']).optional() });
const adviceRefusals = ['PAYROLL_ADVICE_NOT_FOUND', 'PAYROLL_ADVICE_NOT_ISSUED'] as const;

/**
 * The payroll loop after payday (issue 30, docs/decisions/047-payroll-loop.md): what payroll
 * remitted, read from its file or keyed, matched to the issued advice and posted as the month's
 * batch; the arrears and over-deductions it leaves.
 */
export async function payrollRemittanceRoutes(app: FastifyInstance, deps: SavingsDeps) {
  // The upload's raw bytes: a parser for this plugin's routes only (app.ts registers it in its own scope).
  app.addContentTypeParser(['application/octet-stream', 'text/csv', XLSX_CONTENT_TYPE], { parseAs: 'buffer', bodyLimit: FILE_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const monthOf = (month: string | undefined) => {
    const chosen = month || currentMonth(deps.now(), deps.timeZone);
    if (!isPayrollMonth(chosen)) throw new AppError('VALIDATION', { message: MESSAGES.chooseMonth, field: 'month' });
    return chosen;
  };

  routes.post(
    '/api/payroll/advices/:month/remittance/file',
    {
      config: { ...managePayroll, errors: ['FILE_TOO_LARGE', 'FILE_UNREADABLE', 'PAYROLL_LAYOUT_NOT_FOUND', ...adviceRefusals] },
      bodyLimit: FILE_BODY_LIMIT,
      schema: { operationId: 'readRemittanceFile', params: monthParams, querystring: layoutQuery, response: { 200: uploadedRemittanceSchema } },
    },
    async (request) => {
      const advice = await readAdvice(deps.db, monthOf(request.params.month));
      if (!advice) throw new AppError('PAYROLL_ADVICE_NOT_FOUND', { field: 'month' });
      // The generic layout as the advice was downloaded in it: a column per deduction payroll was told of.
      const told = advice.deductions.filter((deduction) => deduction.totalKobo > 0);
      const layout = await readPayrollLayout(deps.db, request.query.layout || GENERIC_LAYOUT_ID, told);
      if (!Buffer.isBuffer(request.body)) throw new AppError('FILE_UNREADABLE', { field: 'file' });
      return readRemittanceFile(request.body, fileNameFrom(request.headers['x-file-name']), layout);
    },
  );

  routes.post(
    '/api/payroll/advices/:month/remittance/match',
    {
      config: { ...managePayroll, errors: adviceRefusals },
      bodyLimit: DRAFT_BODY_LIMIT,
      schema: { operationId: 'matchRemittance', params: monthParams, body: remittanceDraftSchema, response: { 200: remittanceMatchSchema } },
    },
    async (request) => (await matchRemittance(deps.db, monthOf(request.params.month), request.body)).match,
  );

  routes.post(
    '/api/payroll/advices/:month/remittance',
    {
      config: {
        ...managePayroll,
        idempotent: true,
        errors: [...adviceRefusals, 'REMITTANCE_ALREADY_POSTED', 'REMITTANCE_NOT_READY', 'REMITTANCE_BANK_MISMATCH', 'BATCH_ALREADY_POSTED', 'BATCH_NOT_READY', ...POSTING_DAY_REFUSALS],
      },
      bodyLimit: DRAFT_BODY_LIMIT,
      schema: { operationId: 'postRemittance', params: monthParams, body: remittanceDraftSchema, response: { 201: postedRemittanceSchema } },
    },
    async (request, reply) => {
      const month = monthOf(request.params.month);
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, `payroll-remittance:${month}`, request.body);
      const result = await postRemittance(deps, request.actor, month, request.body, key);
      if (result.isReplay) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );

  routes.get(
    '/api/payroll/advices/:month/remittance',
    { config: { ...readPayroll, errors: ['REMITTANCE_NOT_FOUND'] }, schema: { operationId: 'getRemittance', params: monthParams, response: { 200: remittanceDetailSchema } } },
    async (request) => {
      const detail = await readPostedRemittance(deps.db, monthOf(request.params.month));
      if (!detail) throw new AppError('REMITTANCE_NOT_FOUND');
      return detail;
    },
  );

  routes.get(
    '/api/payroll/arrears',
    { config: readPayroll, schema: { operationId: 'getContributionArrears', querystring: monthQuery, response: { 200: contributionArrearsReportSchema } } },
    async (request) => readArrearsReport(deps.db, monthOf(request.query.month)),
  );

  routes.get(
    '/api/payroll/arrears.xlsx',
    {
      config: readPayroll,
      schema: { operationId: 'downloadContributionArrears', querystring: monthQuery, response: { 200: fileAnswer(XLSX_CONTENT_TYPE, 'The contribution arrears, aged, an .xlsx workbook') } },
    },
    async (request, reply) => {
      const report = await readArrearsReport(deps.db, monthOf(request.query.month));
      return sendWorkbook(reply, arrearsFileName(report.month), (body) => writeArrearsWorkbook(report, body));
    },
  );

  // A member's own arrears: who may read their own savings (GET /api/savings/me).
  routes.get(
    '/api/payroll/arrears/mine',
    { config: { access: 'view_own_savings' }, schema: { operationId: 'getMyContributionArrears', response: { 200: ownContributionArrearsSchema } } },
    async (request) => readOwnArrears(deps.db, request.actor.id),
  );

  routes.get(
    '/api/payroll/overdeductions',
    { config: readPayroll, schema: { operationId: 'listOverdeductions', querystring: statusQuery, response: { 200: overdeductionListSchema } } },
    async (request) => ({ items: await listOverdeductions(deps.db, request.query.status ?? 'held') }),
  );

  routes.post(
    '/api/payroll/overdeductions/:id/refund',
    {
      config: { ...managePayroll, errors: ['OVERDEDUCTION_NOT_FOUND', 'OVERDEDUCTION_DECIDED', 'PERIOD_LOCKED'] },
      schema: { operationId: 'refundOverdeduction', params: idParams, body: refundOverdeductionSchema, response: { 200: overdeductionSchema } },
    },
    async (request) => refundOverdeduction(deps, request.actor, request.params.id, request.body.reason),
  );

  routes.post(
    '/api/payroll/overdeductions/:id/apply',
    {
      config: {
        ...managePayroll,
        errors: ['OVERDEDUCTION_NOT_FOUND', 'OVERDEDUCTION_DECIDED', 'SAVINGS_PRODUCT_NOT_FOUND', 'SAVINGS_PRODUCT_RULE', 'NO_SAVINGS_ACCOUNT', 'PERIOD_LOCKED'],
      },
      schema: { operationId: 'applyOverdeduction', params: idParams, body: applyOverdeductionSchema, response: { 200: overdeductionSchema } },
    },
    async (request) => applyOverdeduction(deps, request.actor, request.params.id, request.body.productId),
  );
}
