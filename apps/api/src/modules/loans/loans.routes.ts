import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reversalSchema, disbursementSchema, guaranteeAnswerSchema, loanRepaymentSchema, loanWriteOffSchema, loanApplicationSchema, loanDecisionSchema, loanListQuerySchema, loanProductSchema, loanQuoteSchema, loanSettingsSchema, mailNoticeSchema } from '@kobo/core';
import type { LoanDeps } from './loan-deps.ts';
import { listLoanProducts } from './list-loan-products.ts';
import { saveLoanProduct } from './save-loan-product.ts';
import { setLoanProductRetired } from './retire-loan-product.ts';
import { quoteLoan } from './quote-loan.ts';
import { applyForLoan } from './apply-for-loan.ts';
import { readMyLoans } from './read-my-loans.ts';
import { answerGuarantee } from './answer-guarantee.ts';
import { listLoans, MAX_LOAN_EXPORT } from './list-loans.ts';
import { decideLoan } from './decide-loan.ts';
import { readLoanSettings, saveLoanSettings } from './loan-settings.ts';
import { disburseLoan } from './disburse-loan.ts';
import { repayLoan } from './repay-loan.ts';
import { writeOffLoan } from './write-off-loan.ts';
import { reverseLoanEntry } from './reverse-loan-entry.ts';
import { idempotencyKeyFrom, sendPosted } from '../ledger/idempotency.ts';
import { listArrears, readLoanPortfolio } from './loan-portfolio.ts';
import { readLoanDetail } from './read-loan-detail.ts';
import { listGuarantorCandidates } from './list-guarantor-candidates.ts';
import { readLoanStatement } from './loan-statement.ts';
import { loanStatementFileName, writeLoanStatementWorkbook, writeLoansListWorkbook } from './loan-workbooks.ts';
import { sendWorkbook } from '../../spreadsheet/send-workbook.ts';

const manageLoans = { access: 'manage_staff_savings' } as const;
/** Reading the loans: an officer or the auditor (issue 27), who changes nothing. */
const readLoans = { access: 'view_staff_savings' } as const;
/** A reader for any loan or product, or a holder for their own (loan-statement.ts, list-loan-products.ts decide what). */
const readersAndHolders = { access: ['view_staff_savings', 'view_own_savings'] } as const;
/** A savings officer, or a holder for themselves (holder-for-request.ts decides whose savings). */
const officersAndHolders = { access: ['manage_staff_savings', 'view_own_savings'] } as const;
/** A holder, for themselves only. */
const holders = { access: 'view_own_savings' } as const;
const idParams = z.object({ id: z.uuid() });
/**
 * The loan (a loan view, as the lists give it), and (issue 26) whether the guarantors' requests will
 * leave by mail or were only kept, with each guarantor's link to hand over when kept.
 */
const appliedResponse = z.object({ loan: z.looseObject({ id: z.string() }), mail: mailNoticeSchema });
const candidateQuery = z.object({ q: z.string().trim().max(100).optional(), userId: z.string().max(100).optional() });

/** Loan products and quotes (issue 12, docs/decisions/019-loans.md). */
export async function loansRoutes(app: FastifyInstance, deps: LoanDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/loan-products', { config: readersAndHolders }, async (request) => ({
    products: await listLoanProducts(deps, request.actor),
  }));

  routes.post('/api/loan-products', { config: manageLoans, schema: { body: loanProductSchema } }, async (request, reply) => {
    const product = await saveLoanProduct(deps, request.actor, request.body, null);
    return reply.status(201).send({ product });
  });

  routes.put('/api/loan-products/:id', { config: manageLoans, schema: { params: idParams, body: loanProductSchema } }, async (request) => ({
    product: await saveLoanProduct(deps, request.actor, request.body, request.params.id),
  }));

  routes.post('/api/loan-products/:id/retire', { config: manageLoans, schema: { params: idParams } }, async (request) => ({
    product: await setLoanProductRetired(deps, request.actor, request.params.id, true),
  }));

  routes.post('/api/loan-products/:id/restore', { config: manageLoans, schema: { params: idParams } }, async (request) => ({
    product: await setLoanProductRetired(deps, request.actor, request.params.id, false),
  }));

  routes.get('/api/loan-products/:id/quote', { config: officersAndHolders, schema: { params: idParams, querystring: loanQuoteSchema } }, async (request) => ({
    quote: await quoteLoan(deps, request.actor, request.params.id, request.query),
  }));

  routes.post('/api/loans', { config: officersAndHolders, schema: { body: loanApplicationSchema, response: { 201: appliedResponse } } }, async (request, reply) =>
    reply.status(201).send(await applyForLoan(deps, request.actor, request.body)),
  );

  routes.get('/api/loans/mine', { config: holders }, async (request) => readMyLoans(deps, request.actor));

  routes.post('/api/loans/:id/guarantee', { config: holders, schema: { params: idParams, body: guaranteeAnswerSchema } }, async (request) => ({
    loan: await answerGuarantee(deps, request.actor, request.params.id, request.body.answer),
  }));

  routes.get('/api/loans', { config: readLoans, schema: { querystring: loanListQuerySchema } }, async (request) => ({
    loans: await listLoans(deps, request.query),
  }));

  routes.get('/api/loans/export', { config: readLoans, schema: { querystring: loanListQuerySchema } }, async (request, reply) => {
    const loans = await listLoans(deps, request.query, MAX_LOAN_EXPORT);
    return sendWorkbook(reply, 'loans.xlsx', (output) => writeLoansListWorkbook(loans, deps.timeZone, output));
  });

  routes.get('/api/loans/portfolio', { config: readLoans }, async () => ({ portfolio: await readLoanPortfolio(deps) }));

  routes.get('/api/loans/arrears', { config: readLoans }, async () => ({ arrears: await listArrears(deps) }));

  routes.get('/api/loans/guarantor-candidates', { config: officersAndHolders, schema: { querystring: candidateQuery } }, async (request) => ({
    candidates: await listGuarantorCandidates(deps, request.actor, { q: request.query.q, exceptUserId: request.query.userId }),
  }));

  routes.get('/api/loans/:id', { config: readLoans, schema: { params: idParams } }, async (request) => readLoanDetail(deps, request.params.id));

  routes.get('/api/loans/:id/statement/export', { config: readersAndHolders, schema: { params: idParams } }, async (request, reply) => {
    // Read and checked before a byte is sent, so a refusal is still a JSON answer.
    const statement = await readLoanStatement(deps, request.actor, request.params.id);
    return sendWorkbook(reply, loanStatementFileName(statement), (output) => writeLoanStatementWorkbook(statement, deps.timeZone, output));
  });

  routes.post('/api/loans/:id/decision', { config: manageLoans, schema: { params: idParams, body: loanDecisionSchema } }, async (request) => ({
    loan: await decideLoan(deps, request.actor, request.params.id, request.body),
  }));

  routes.get('/api/loans/settings', { config: manageLoans }, async () => ({ settings: await readLoanSettings(deps.db) }));

  routes.put('/api/loans/settings', { config: manageLoans, schema: { body: loanSettingsSchema } }, async (request) => ({
    settings: await saveLoanSettings(deps, request.actor, request.body),
  }));

  routes.post('/api/loans/:id/disbursement', { config: manageLoans, schema: { params: idParams, body: disbursementSchema } }, async (request, reply) => {
    const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, `disbursement:${request.params.id}`, request.body);
    return sendPosted(reply, await disburseLoan(deps, request.actor, request.params.id, request.body, key));
  });

  routes.post('/api/loans/:id/repayments', { config: manageLoans, schema: { params: idParams, body: loanRepaymentSchema } }, async (request, reply) => {
    const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, `repayment:${request.params.id}`, request.body);
    return sendPosted(reply, await repayLoan(deps, request.actor, request.params.id, request.body, key));
  });

  routes.post('/api/loans/entries/:id/reversal', { config: manageLoans, schema: { params: idParams, body: reversalSchema } }, async (request, reply) => {
    const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, `loan-reversal:${request.params.id}`, request.body);
    return sendPosted(reply, await reverseLoanEntry(deps, request.actor, request.params.id, request.body, key));
  });

  routes.post('/api/loans/:id/write-off', { config: manageLoans, schema: { params: idParams, body: loanWriteOffSchema } }, async (request) => ({
    loan: await writeOffLoan(deps, request.actor, request.params.id, request.body.reason),
  }));
}
