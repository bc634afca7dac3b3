import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payoffQuoteAnswerSchema, payoffQuoteQuerySchema, restructureAnswerSchema, restructureDecisionSchema, restructureRequestSchema, restructuresAnswerSchema } from '@kobo/core';
import { decideRestructure } from './decide-restructure.ts';
import { listRestructures } from './list-restructures.ts';
import type { LoanDeps } from './loan-deps.ts';
import { readPayoffQuote } from './payoff-quote.ts';
import { requestRestructure } from './request-restructure.ts';

/** An officer acts on a loan. */
const manageLoans = { access: 'manage_staff_savings' } as const;
/** A reader for any loan (an officer, the auditor), or the borrower for their own (each operation decides). */
const readersAndHolders = { access: ['view_staff_savings', 'view_own_savings'] } as const;
const idParams = z.object({ id: z.uuid() });

/**
 * A running loan's payoff quote and its restructures (issue 33, part A;
 * docs/decisions/052-payoff-topup-refinance.md). The top-up itself is an application
 * (POST /api/loans with topsUpLoanId) and a disbursement, in loans.routes.ts.
 */
export async function loanTopUpRoutes(app: FastifyInstance, deps: LoanDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/loans/:id/payoff-quote',
    {
      config: { ...readersAndHolders, errors: ['LOAN_NOT_FOUND', 'LOAN_NOT_ACTIVE'] },
      schema: { operationId: 'getLoanPayoffQuote', params: idParams, querystring: payoffQuoteQuerySchema, response: { 200: payoffQuoteAnswerSchema } },
    },
    async (request) => ({ quote: await readPayoffQuote(deps, request.actor, request.params.id, request.query) }),
  );

  routes.get(
    '/api/loans/:id/restructures',
    {
      config: { ...readersAndHolders, errors: ['LOAN_NOT_FOUND'] },
      schema: { operationId: 'listLoanRestructures', params: idParams, response: { 200: restructuresAnswerSchema } },
    },
    async (request) => ({ restructures: await listRestructures(deps, request.actor, request.params.id) }),
  );

  routes.post(
    '/api/loans/:id/restructures',
    {
      config: { ...manageLoans, errors: ['LOAN_NOT_FOUND', 'LOAN_NOT_ACTIVE', 'LOAN_RESTRUCTURE_PENDING', 'LOAN_RESTRUCTURE_REFUSED'] },
      schema: { operationId: 'requestLoanRestructure', params: idParams, body: restructureRequestSchema, response: { 201: restructureAnswerSchema } },
    },
    async (request, reply) => reply.status(201).send({ restructure: await requestRestructure(deps, request.actor, request.params.id, request.body) }),
  );

  routes.post(
    '/api/loans/restructures/:id/decision',
    {
      config: { ...manageLoans, errors: ['LOAN_RESTRUCTURE_NOT_FOUND', 'LOAN_RESTRUCTURE_NOT_PENDING', 'SECOND_OFFICER_REQUIRED', 'LOAN_NOT_ACTIVE', 'LOAN_RESTRUCTURE_REFUSED'] },
      schema: { operationId: 'decideLoanRestructure', params: idParams, body: restructureDecisionSchema, response: { 200: restructureAnswerSchema } },
    },
    async (request) => ({ restructure: await decideRestructure(deps, request.actor, request.params.id, request.body) }),
  );
}
