import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loanPenaltiesAnswerSchema, penaltyRunAnswerSchema, penaltyRunSchema, penaltyWaiverSchema } from '@kobo/core';
import type { LoanPenaltyDeps } from './loan-penalty-deps.ts';
import { startPenaltySchedule } from './penalty-schedule.ts';
import { readLoanPenalties } from './read-loan-penalties.ts';
import { runPenaltiesNow } from './run-penalties.ts';
import { waivePenalties } from './waive-penalties.ts';

/** Officers (manage_staff_savings) waive and run; officers and the auditor (view_staff_savings) read. */
const officers = { access: 'manage_staff_savings' } as const;
const readers = { access: ['manage_staff_savings', 'view_staff_savings'] } as const;
const idParams = z.object({ id: z.string().min(1).max(200) });

/**
 * Loan penalties (issue 33, docs/decisions/053-loan-penalties.md): a loan's charges, a waiver, and
 * "Run now" for the daily job, which the server also runs on its own (`background`).
 */
export async function loanPenaltiesRoutes(app: FastifyInstance, deps: LoanPenaltyDeps & { background: boolean }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const schedule = startPenaltySchedule({ ...deps, log: app.log, hourly: deps.background });
  if (deps.background) {
    app.addHook('onReady', async () => {
      await schedule.check().catch((error: unknown) => app.log.error({ err: error }, 'the loan penalties could not be run'));
    });
  }
  app.addHook('preClose', async () => schedule.close());

  routes.get(
    '/api/loans/:id/penalties',
    { config: { ...readers, errors: ['LOAN_NOT_FOUND'] }, schema: { operationId: 'getLoanPenalties', params: idParams, response: { 200: loanPenaltiesAnswerSchema } } },
    async (request) => readLoanPenalties(deps.db, request.params.id),
  );

  routes.post(
    '/api/loans/:id/penalties/waive',
    {
      config: { ...officers, errors: ['LOAN_NOT_FOUND', 'PENALTY_NOT_FOUND', 'PENALTY_NOTHING_TO_WAIVE', 'PERIOD_LOCKED'] },
      schema: { operationId: 'waiveLoanPenalties', params: idParams, body: penaltyWaiverSchema, response: { 200: loanPenaltiesAnswerSchema } },
    },
    async (request) => waivePenalties(deps, request.actor, request.params.id, request.body),
  );

  routes.post(
    '/api/loan-penalties/run',
    { config: officers, schema: { operationId: 'runLoanPenalties', body: penaltyRunSchema, response: { 200: penaltyRunAnswerSchema } } },
    async (request) => runPenaltiesNow(deps, request.actor, request.body),
  );
}
