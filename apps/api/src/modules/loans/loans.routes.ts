import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  arrearsAnswerSchema,
  disbursementSchema,
  fileAnswer,
  type ErrorCode,
  guaranteeAnswerSchema,
  guarantorCandidatesAnswerSchema,
  loanAnswerSchema,
  loanAppliedSchema,
  loanApplicationSchema,
  loanDecisionSchema,
  loanDetailSchema,
  loanListAnswerSchema,
  loanListQuerySchema,
  loanPortfolioAnswerSchema,
  loanProductAnswerSchema,
  loanProductSchema,
  loanProductsAnswerSchema,
  loanQuoteAnswerSchema,
  loanQuoteSchema,
  loanRepaymentSchema,
  loanSettingsAnswerSchema,
  loanSettingsSchema,
  loanWriteOffSchema,
  myLoansSchema,
  POSTING_DAY_REFUSALS,
  reversalSchema,
  SAVINGS_HOLDER_REFUSALS,
} from '@kobo/core';
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
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';

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
const candidateQuery = z.object({ q: z.string().trim().max(100).optional(), userId: z.string().max(100).optional() });

/** The refusals of a posting on a loan, beyond its day's (POSTING_DAY_REFUSALS). */
const disbursementRefusals = ['LOAN_NOT_FOUND', 'LOAN_ALREADY_DISBURSED', 'LOAN_NOT_APPROVED', 'LOAN_TOPUP_NOT_RUNNING', 'LOAN_TOPUP_NET_NEGATIVE', ...POSTING_DAY_REFUSALS] as const;
const repaymentRefusals = ['LOAN_NOT_FOUND', 'LOAN_NOT_ACTIVE', 'REPAYMENT_REFUSED', ...POSTING_DAY_REFUSALS] as const;
const entryReversalRefusals = [
  'LOAN_ENTRY_NOT_FOUND',
  'LOAN_NOT_FOUND',
  'ALREADY_REVERSED',
  'REVERSAL_NOT_REVERSIBLE',
  'LOAN_REVERSAL_REFUSED',
  ...POSTING_DAY_REFUSALS,
] as const;

/** Loan products and quotes (issue 12, docs/decisions/019-loans.md). */
export async function loansRoutes(app: FastifyInstance, deps: LoanDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/loan-products',
    { config: readersAndHolders, schema: { operationId: 'listLoanProducts', response: { 200: loanProductsAnswerSchema } } },
    async (request) => ({
      products: await listLoanProducts(deps, request.actor),
    }),
  );

  routes.post(
    '/api/loan-products',
    { config: { ...manageLoans, errors: ['LOAN_PRODUCT_NAME_TAKEN'] }, schema: { operationId: 'createLoanProduct', body: loanProductSchema, response: { 201: loanProductAnswerSchema } } },
    async (request, reply) => reply.status(201).send({ product: await saveLoanProduct(deps, request.actor, request.body, null) }),
  );

  routes.put(
    '/api/loan-products/:id',
    {
      config: { ...manageLoans, errors: ['LOAN_PRODUCT_NAME_TAKEN', 'LOAN_PRODUCT_NOT_FOUND'] },
      schema: { operationId: 'updateLoanProduct', params: idParams, body: loanProductSchema, response: { 200: loanProductAnswerSchema } },
    },
    async (request) => ({ product: await saveLoanProduct(deps, request.actor, request.body, request.params.id) }),
  );

  const productToggle = (operationId: string) =>
    ({ config: { ...manageLoans, errors: ['LOAN_PRODUCT_NOT_FOUND'] }, schema: { operationId, params: idParams, response: { 200: loanProductAnswerSchema } } }) as const;
  routes.post('/api/loan-products/:id/retire', productToggle('retireLoanProduct'), async (request) => ({
    product: await setLoanProductRetired(deps, request.actor, request.params.id, true),
  }));
  routes.post('/api/loan-products/:id/restore', productToggle('restoreLoanProduct'), async (request) => ({
    product: await setLoanProductRetired(deps, request.actor, request.params.id, false),
  }));

  routes.get(
    '/api/loan-products/:id/quote',
    {
      config: { ...officersAndHolders, errors: ['LOAN_PRODUCT_NOT_FOUND', ...SAVINGS_HOLDER_REFUSALS] },
      schema: { operationId: 'quoteLoan', params: idParams, querystring: loanQuoteSchema, response: { 200: loanQuoteAnswerSchema } },
    },
    async (request) => ({ quote: await quoteLoan(deps, request.actor, request.params.id, request.query) }),
  );

  routes.post(
    '/api/loans',
    {
      config: { ...officersAndHolders, errors: ['LOAN_PRODUCT_NOT_FOUND', 'LOAN_OUTSIDE_LIMITS', 'GUARANTOR_INVALID', 'EXIT_MEMBER_LEAVING', 'LOAN_TOPUP_NOT_RUNNING', 'LOAN_TOPUP_OPEN', ...SAVINGS_HOLDER_REFUSALS] },
      schema: { operationId: 'applyForLoan', body: loanApplicationSchema, response: { 201: loanAppliedSchema } },
    },
    async (request, reply) => reply.status(201).send(await applyForLoan(deps, request.actor, request.body)),
  );

  routes.get('/api/loans/mine', { config: holders, schema: { operationId: 'listMyLoans', response: { 200: myLoansSchema } } }, async (request) => readMyLoans(deps, request.actor));

  routes.post(
    '/api/loans/:id/guarantee',
    {
      config: { ...holders, errors: ['LOAN_NOT_FOUND', 'GUARANTEE_NOT_OPEN', 'GUARANTEE_OVER_SAVINGS', 'EXIT_MEMBER_LEAVING'] },
      schema: { operationId: 'answerGuarantee', params: idParams, body: guaranteeAnswerSchema, response: { 200: loanAnswerSchema } },
    },
    async (request) => ({ loan: await answerGuarantee(deps, request.actor, request.params.id, request.body.answer) }),
  );

  routes.get(
    '/api/loans',
    { config: readLoans, schema: { operationId: 'listLoans', querystring: loanListQuerySchema, response: { 200: loanListAnswerSchema } } },
    async (request) => ({
      loans: await listLoans(deps, request.query),
    }),
  );

  routes.get(
    '/api/loans/export',
    {
      config: readLoans,
      schema: { operationId: 'downloadLoans', querystring: loanListQuerySchema, response: { 200: fileAnswer(XLSX_CONTENT_TYPE, 'The loans listed, an .xlsx workbook') } },
    },
    async (request, reply) => {
      const loans = await listLoans(deps, request.query, MAX_LOAN_EXPORT);
      return sendWorkbook(reply, 'loans.xlsx', (output) => writeLoansListWorkbook(loans, deps.timeZone, output));
    },
  );

  routes.get(
    '/api/loans/portfolio',
    { config: readLoans, schema: { operationId: 'getLoanPortfolio', response: { 200: loanPortfolioAnswerSchema } } },
    async () => ({
      portfolio: await readLoanPortfolio(deps),
    }),
  );

  routes.get('/api/loans/arrears', { config: readLoans, schema: { operationId: 'listArrears', response: { 200: arrearsAnswerSchema } } }, async () => ({ arrears: await listArrears(deps) }));

  routes.get(
    '/api/loans/guarantor-candidates',
    { config: officersAndHolders, schema: { operationId: 'listGuarantorCandidates', querystring: candidateQuery, response: { 200: guarantorCandidatesAnswerSchema } } },
    async (request) => ({
      candidates: await listGuarantorCandidates(deps, request.actor, { q: request.query.q, exceptUserId: request.query.userId }),
    }),
  );

  routes.get(
    '/api/loans/:id',
    {
      config: { ...readLoans, errors: ['LOAN_NOT_FOUND'] },
      schema: { operationId: 'getLoan', params: idParams, response: { 200: loanDetailSchema } },
    },
    async (request) =>
      readLoanDetail(deps, request.params.id),
  );

  routes.get(
    '/api/loans/:id/statement/export',
    {
      config: { ...readersAndHolders, errors: ['LOAN_NOT_FOUND'] },
      schema: { operationId: 'downloadLoanStatement', params: idParams, response: { 200: fileAnswer(XLSX_CONTENT_TYPE, "The loan's statement, an .xlsx workbook") } },
    },
    async (request, reply) => {
      // Read and checked before a byte is sent, so a refusal is still a JSON answer.
      const statement = await readLoanStatement(deps, request.actor, request.params.id);
      return sendWorkbook(reply, loanStatementFileName(statement), (output) => writeLoanStatementWorkbook(statement, deps.timeZone, output));
    },
  );

  routes.post(
    '/api/loans/:id/decision',
    {
      config: { ...manageLoans, errors: ['LOAN_NOT_FOUND', 'LOAN_NOT_AWAITING_DECISION', 'SECOND_OFFICER_REQUIRED'] },
      schema: { operationId: 'decideLoan', params: idParams, body: loanDecisionSchema, response: { 200: loanAnswerSchema } },
    },
    async (request) => ({ loan: await decideLoan(deps, request.actor, request.params.id, request.body) }),
  );

  routes.get(
    '/api/loans/settings',
    { config: manageLoans, schema: { operationId: 'getLoanSettings', response: { 200: loanSettingsAnswerSchema } } },
    async () => ({
      settings: await readLoanSettings(deps.db),
    }),
  );

  routes.put(
    '/api/loans/settings',
    { config: manageLoans, schema: { operationId: 'saveLoanSettings', body: loanSettingsSchema, response: { 200: loanSettingsAnswerSchema } } },
    async (request) => ({
      settings: await saveLoanSettings(deps, request.actor, request.body),
    }),
  );

  // A loan's postings (issue 12): each takes an Idempotency-Key, answers 201 with the loan, and a retry answers the same.
  const posting = <Body extends z.ZodType>(operationId: string, body: Body, errors: readonly ErrorCode[]) =>
    ({ config: { ...manageLoans, idempotent: true, errors }, schema: { operationId, params: idParams, body, response: { 201: loanAnswerSchema } } }) as const;

  routes.post('/api/loans/:id/disbursement', posting('disburseLoan', disbursementSchema, disbursementRefusals), async (request, reply) => {
    const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, `disbursement:${request.params.id}`, request.body);
    return sendPosted(reply, await disburseLoan(deps, request.actor, request.params.id, request.body, key));
  });

  routes.post('/api/loans/:id/repayments', posting('repayLoan', loanRepaymentSchema, repaymentRefusals), async (request, reply) => {
    const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, `repayment:${request.params.id}`, request.body);
    return sendPosted(reply, await repayLoan(deps, request.actor, request.params.id, request.body, key));
  });

  routes.post('/api/loans/entries/:id/reversal', posting('reverseLoanEntry', reversalSchema, entryReversalRefusals), async (request, reply) => {
    const key = idempotencyKeyFrom(request.headers['idempotency-key'], request.actor.id, `loan-reversal:${request.params.id}`, request.body);
    return sendPosted(reply, await reverseLoanEntry(deps, request.actor, request.params.id, request.body, key));
  });

  routes.post(
    '/api/loans/:id/write-off',
    {
      // A write-off journals the loss, so a locked month refuses it too.
      config: { ...manageLoans, errors: ['LOAN_NOT_FOUND', 'LOAN_NOT_WRITABLE_OFF', 'PERIOD_LOCKED'] },
      schema: { operationId: 'writeOffLoan', params: idParams, body: loanWriteOffSchema, response: { 200: loanAnswerSchema } },
    },
    async (request) => ({ loan: await writeOffLoan(deps, request.actor, request.params.id, request.body.reason) }),
  );
}
