import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fileAnswer,
  loanRiskSettingsAnswerSchema,
  loanRiskSettingsInputSchema,
  loansAtRiskAnswerSchema,
  portfolioAtRiskAnswerSchema,
  provisionRunAnswerSchema,
  provisionRunInputSchema,
  provisionRunsAnswerSchema,
} from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';
import { listLoansAtRisk } from './list-loans-at-risk.ts';
import { writeParWorkbook } from './par-workbook.ts';
import { provisionRunViews } from './provision-run-views.ts';
import { readPortfolioAtRisk } from './read-portfolio-at-risk.ts';
import { readRiskSettings, saveRiskSettings } from './risk-settings.ts';
import { runProvision } from './run-provision.ts';

export type LoanRiskDeps = { db: Database; now: () => Date; timeZone: string };

/** Officers change; officers and the auditor read (issue 27's reader). */
const officers = { access: 'manage_staff_savings' } as const;
const readers = { access: 'view_staff_savings' } as const;

/**
 * Portfolio at risk, classification and provisioning (issue 33, part C;
 * docs/decisions/054-portfolio-at-risk-and-provisioning.md).
 */
export async function loanRiskRoutes(app: FastifyInstance, deps: LoanRiskDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/loans/par', { config: readers, schema: { operationId: 'getPortfolioAtRisk', response: { 200: portfolioAtRiskAnswerSchema } } }, async () => ({
    report: await readPortfolioAtRisk(deps),
  }));

  routes.get('/api/loans/par/loans', { config: readers, schema: { operationId: 'listLoansAtRisk', response: { 200: loansAtRiskAnswerSchema } } }, async () => ({
    loans: await listLoansAtRisk(deps),
  }));

  routes.get(
    '/api/loans/par/export',
    { config: readers, schema: { operationId: 'downloadPortfolioAtRisk', response: { 200: fileAnswer(XLSX_CONTENT_TYPE, 'The portfolio-at-risk report, an .xlsx workbook') } } },
    async (_request, reply) => {
      const report = await readPortfolioAtRisk(deps);
      return sendWorkbook(reply, `portfolio-at-risk-${report.asOf}.xlsx`, (output) => writeParWorkbook(report, output));
    },
  );

  routes.get('/api/loans/risk-settings', { config: readers, schema: { operationId: 'getLoanRiskSettings', response: { 200: loanRiskSettingsAnswerSchema } } }, async () => ({
    settings: await readRiskSettings(deps.db),
  }));

  routes.put(
    '/api/loans/risk-settings',
    { config: officers, schema: { operationId: 'saveLoanRiskSettings', body: loanRiskSettingsInputSchema, response: { 200: loanRiskSettingsAnswerSchema } } },
    async (request) => ({ settings: await saveRiskSettings(deps, request.actor, request.body) }),
  );

  routes.get('/api/loans/provision-runs', { config: readers, schema: { operationId: 'listProvisionRuns', response: { 200: provisionRunsAnswerSchema } } }, async () => ({
    runs: await provisionRunViews(deps.db),
  }));

  routes.post(
    '/api/loans/provision-runs',
    {
      config: { ...officers, errors: ['PERIOD_LOCKED', 'PROVISION_MONTH_AHEAD', 'PROVISION_MONTH_PASSED'] },
      schema: { operationId: 'runLoanProvision', body: provisionRunInputSchema, response: { 201: provisionRunAnswerSchema } },
    },
    async (request, reply) => reply.status(201).send({ run: await runProvision(deps, request.actor, request.body) }),
  );
}
