import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  asKobo,
  booksStartResponseSchema,
  booksStartSchema,
  createdStaffAnswerSchema,
  fileAnswer,
  SAVINGS_HOLDER_REFUSALS,
  SAVINGS_POSTING_REFUSALS,
  createStaffSchema,
  memberProductAccountsAnswerSchema,
  mySavingsSchema,
  ORDINARY_SAVINGS_PRODUCT_ID,
  postedReversalSchema,
  postedTransferSchema,
  reversalSchema,
  savingsAccountDetailSchema,
  savingsHoldersAnswerSchema,
  savingsPeriodSchema,
  savingsRequestAnswerSchema,
  transferSchema,
} from '@kobo/core';
import { MAX_HISTORY_ROWS } from '../ledger/savings-accounts.ts';
import { createStaff, listSavingsHolders } from './savings-holders.ts';
import { getAccountDetail, getMySavings } from './read-savings.ts';
import { reverseTransaction } from './reverse-transaction.ts';
import { readBooksStart, saveBooksStart } from '../ledger/books-start.ts';
import { getStatement } from './statement.ts';
import { statementFileName, writeStatementWorkbook } from './statement-workbook.ts';
import { idempotencyKeyFrom, sendPosted, sendPostedOrRecorded } from '../ledger/idempotency.ts';
import { postOrRequestTransaction, postOrRequestTransfer, transactionRequestOrigin } from './requests/create-request.ts';
import { requestsRoutes } from './requests/requests.routes.ts';
import type { RequestDeps } from './requests/request-deps.ts';
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';
import { holderProductAccounts, myProductAccounts } from './product-accounts.ts';
import { postOrRequestProductTransaction, requestShareTransfer } from './product-requests.ts';
import { postOwnTransfer } from './product-own-transfer.ts';
import { breakFixedDeposit, openFixedDeposit } from './product-fixed-deposit.ts';
import {
  breakFixedDepositSchema,
  fixedDepositAnswerSchema,
  fixedDepositSchema,
  ownTransferSchema,
  postedOwnTransferSchema,
  postedProductTransactionSchema,
  productStatementQuerySchema,
  productStatementSchema,
  productTransactionSchema,
  shareTransferSchema,
} from './product-schemas.ts';

const manageSavings = { access: 'manage_staff_savings' } as const;
/** Reading any holder's savings: an officer or the auditor (issue 27), who changes nothing. */
const readSavings = { access: 'view_staff_savings' } as const;
/** An officer for any holder, or a holder for their own account (holder-for-request.ts decides whose). */
const postSavings = { access: ['manage_staff_savings', 'post_own_savings'] } as const;
const readStatement = { access: ['view_staff_savings', 'view_own_savings'] } as const;

/** A posting that may wait for an administrator instead (issue 15): 201 posted, or 202 recorded as a request. */
const recordedOr = <Posted extends z.ZodType>(posted: Posted) => ({ 201: posted, 202: savingsRequestAnswerSchema });

/** Issue 29: what a product's own rules refuse, and a product that does not exist. */
const PRODUCT_REFUSALS = ['SAVINGS_PRODUCT_RULE', 'SAVINGS_PRODUCT_NOT_FOUND'] as const;

/** Issue 29: which product's account a read is of; none is ordinary savings, as before. */
const productQuery = { product: z.string().min(1).max(200).optional().describe("A savings product's id; ordinary savings when absent") };

const limitQuery = z.object({ limit: z.coerce.number().int().min(1).max(MAX_HISTORY_ROWS).optional() });

/** The savings API (docs/decisions/007-savings-api.md). Rules live in the services. */
export async function savingsRoutes(app: FastifyInstance, deps: RequestDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Two-person approval and members' requests (issue 15).
  await requestsRoutes(app, deps);

  // The books' start date (issue 26): no posting is valued before it.
  routes.get(
    '/api/savings/books-start',
    { config: manageSavings, schema: { operationId: 'getBooksStart', response: { 200: booksStartResponseSchema } } },
    async () =>
      readBooksStart(deps.db, deps),
  );

  routes.put(
    '/api/savings/books-start',
    { config: manageSavings, schema: { operationId: 'setBooksStart', body: booksStartSchema, response: { 200: booksStartResponseSchema } } },
    async (request) => saveBooksStart(deps, request.actor, request.body.booksStart),
  );

  routes.get(
    '/api/savings/holders',
    {
      config: readSavings,
      schema: {
        operationId: 'listSavingsHolders',
        querystring: z.object({ search: z.string().max(200).optional(), excludeUserId: z.string().max(200).optional() }),
        response: { 200: savingsHoldersAnswerSchema },
      },
    },
    async (request) => ({ holders: await listSavingsHolders(deps.db, request.query) }),
  );

  routes.post(
    '/api/savings/staff',
    {
      config: { ...manageSavings, errors: ['STAFF_EMAIL_IN_USE', 'STAFF_ID_FAILED'] },
      schema: { operationId: 'createStaff', body: createStaffSchema, response: { 201: createdStaffAnswerSchema } },
    },
    async (request, reply) => {
      return reply.status(201).send({ staff: await createStaff(deps.db, request.body, request.actor, deps.now()) });
    },
  );

  routes.get(
    '/api/savings/me',
    {
      config: { access: 'view_own_savings', errors: [...SAVINGS_HOLDER_REFUSALS, 'SAVINGS_PRODUCT_NOT_FOUND'] },
      schema: { operationId: 'getMySavings', querystring: limitQuery.extend(productQuery), response: { 200: mySavingsSchema } },
    },
    async (request) => ({
      ...(await getMySavings(deps, request.actor, request.query)),
      // Issue 34: the same question a posting asks (create-request.ts), so the form words its button truly.
      postingsAreRequests: (await transactionRequestOrigin(deps, request.actor, { type: 'deposit', amountKobo: asKobo(1) })) === 'member',
    }),
  );

  routes.get(
    '/api/savings/accounts/:ref',
    {
      config: { ...readSavings, errors: [...SAVINGS_HOLDER_REFUSALS, 'SAVINGS_PRODUCT_NOT_FOUND'] },
      schema: {
        operationId: 'getSavingsAccount',
        params: z.object({ ref: z.string().min(1).max(200) }),
        querystring: z.object({ period: savingsPeriodSchema, ...productQuery }),
        response: { 200: savingsAccountDetailSchema },
      },
    },
    async (request) => getAccountDetail(deps, request.params.ref, request.query.period, request.query.product ?? null),
  );

  routes.post(
    '/api/savings/transactions',
    {
      config: { ...postSavings, idempotent: true, errors: [...SAVINGS_POSTING_REFUSALS, ...PRODUCT_REFUSALS] },
      schema: { operationId: 'postSavingsTransaction', body: productTransactionSchema, response: recordedOr(postedProductTransactionSchema) },
    },
    async (request, reply) => {
      const actor = request.actor;
      const { productId, ...posting } = request.body;
      if (productId && productId !== ORDINARY_SAVINGS_PRODUCT_ID) {
        // Issue 29: a posting to another product, judged by its rules (product-posting.ts).
        const key = idempotencyKeyFrom(request.headers['idempotency-key'], actor.id, 'transaction', request.body);
        return sendPostedOrRecorded(reply, await postOrRequestProductTransaction(deps, actor, { ...posting, productId }, key));
      }
      // Ordinary savings, as always: the key's hash is the posting's, without a product.
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], actor.id, 'transaction', posting);
      // 201 posted, or 202 recorded as a request awaiting an administrator (issue 15).
      return sendPostedOrRecorded(reply, await postOrRequestTransaction(deps, actor, posting, key));
    },
  );

  // Issue 29: a member's accounts, one per product, with what each allows out today.
  routes.get(
    '/api/savings/me/products',
    {
      config: { access: 'view_own_savings', errors: SAVINGS_HOLDER_REFUSALS },
      schema: { operationId: 'getMyProductAccounts', response: { 200: memberProductAccountsAnswerSchema } },
    },
    async (request) => myProductAccounts(deps, request.actor),
  );

  routes.get(
    '/api/savings/accounts/:ref/products',
    {
      config: { ...readSavings, errors: SAVINGS_HOLDER_REFUSALS },
      schema: {
        operationId: 'getSavingsProductAccounts',
        params: z.object({ ref: z.string().min(1).max(200) }),
        response: { 200: memberProductAccountsAnswerSchema },
      },
    },
    async (request) => holderProductAccounts(deps, request.params.ref),
  );

  routes.post(
    '/api/savings/own-transfers',
    {
      config: { ...postSavings, idempotent: true, errors: [...SAVINGS_POSTING_REFUSALS, 'INSUFFICIENT_BALANCE_FOR_TRANSFER', ...PRODUCT_REFUSALS] },
      schema: { operationId: 'postOwnTransfer', body: ownTransferSchema, response: { 201: postedOwnTransferSchema } },
    },
    async (request, reply) => {
      const actor = request.actor;
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], actor.id, 'own-transfer', request.body);
      return sendPosted(reply, await postOwnTransfer(deps, actor, request.body, key));
    },
  );

  routes.post(
    '/api/savings/fixed-deposits',
    {
      config: { ...postSavings, idempotent: true, errors: [...SAVINGS_POSTING_REFUSALS, 'INSUFFICIENT_BALANCE_FOR_TRANSFER', ...PRODUCT_REFUSALS] },
      schema: { operationId: 'openFixedDeposit', body: fixedDepositSchema, response: { 201: fixedDepositAnswerSchema } },
    },
    async (request, reply) => {
      const actor = request.actor;
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], actor.id, 'fixed-deposit', request.body);
      return sendPosted(reply, await openFixedDeposit(deps, actor, request.body, key));
    },
  );

  routes.post(
    '/api/savings/fixed-deposits/:accountId/break',
    {
      config: { ...postSavings, idempotent: true, errors: [...SAVINGS_POSTING_REFUSALS, 'INSUFFICIENT_BALANCE_FOR_TRANSFER', ...PRODUCT_REFUSALS] },
      schema: {
        operationId: 'breakFixedDeposit',
        params: z.object({ accountId: z.string().min(1).max(200) }),
        body: breakFixedDepositSchema,
        response: { 201: postedOwnTransferSchema },
      },
    },
    async (request, reply) => {
      const actor = request.actor;
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], actor.id, `fixed-deposit-break:${request.params.accountId}`, request.body);
      return sendPosted(reply, await breakFixedDeposit(deps, actor, request.params.accountId, request.body, key));
    },
  );

  // Shares leave a member only to another member, with a second officer's approval (202: recorded, nothing moved).
  routes.post(
    '/api/savings/share-transfers',
    {
      config: { ...manageSavings, idempotent: true, errors: [...SAVINGS_POSTING_REFUSALS, 'INSUFFICIENT_BALANCE_FOR_TRANSFER', 'INVALID_TRANSFER', ...PRODUCT_REFUSALS] },
      schema: { operationId: 'requestShareTransfer', body: shareTransferSchema, response: { 202: savingsRequestAnswerSchema } },
    },
    async (request, reply) => {
      const actor = request.actor;
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], actor.id, 'share-transfer', request.body);
      return sendPostedOrRecorded(reply, await requestShareTransfer(deps, actor, request.body, key));
    },
  );

  routes.post(
    '/api/savings/transactions/:id/reversal',
    {
      config: { ...manageSavings, idempotent: true, errors: [...SAVINGS_POSTING_REFUSALS, 'TRANSACTION_NOT_FOUND', 'ALREADY_REVERSED', 'REVERSAL_NOT_REVERSIBLE', 'REVERSAL_PART_OF_SETTLEMENT', 'REVERSAL_OVERDEDUCTION_APPLIED', 'REVERSAL_OVERDRAWS'] },
      schema: { operationId: 'reverseSavingsTransaction', params: z.object({ id: z.string().min(1).max(200) }), body: reversalSchema, response: { 201: postedReversalSchema } },
    },
    async (request, reply) => {
      const actor = request.actor;
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], actor.id, `reversal:${request.params.id}`, request.body);
      return sendPosted(reply, await reverseTransaction(deps, actor, request.params.id, request.body, key));
    },
  );

  routes.post(
    '/api/savings/transfers',
    {
      config: { ...manageSavings, idempotent: true, errors: [...SAVINGS_POSTING_REFUSALS, 'INSUFFICIENT_BALANCE_FOR_TRANSFER', 'INVALID_TRANSFER'] },
      schema: { operationId: 'postSavingsTransfer', body: transferSchema, response: recordedOr(postedTransferSchema) },
    },
    async (request, reply) => {
      const actor = request.actor;
      const key = idempotencyKeyFrom(request.headers['idempotency-key'], actor.id, 'transfer', request.body);
      return sendPostedOrRecorded(reply, await postOrRequestTransfer(deps, actor, request.body, key));
    },
  );

  routes.get(
    '/api/savings/statement',
    {
      config: { ...readStatement, errors: [...SAVINGS_HOLDER_REFUSALS, 'SAVINGS_PRODUCT_NOT_FOUND'] },
      schema: { operationId: 'getSavingsStatement', querystring: productStatementQuerySchema, response: { 200: productStatementSchema } },
    },
    async (request) =>
      getStatement(deps, request.actor, request.query),
  );

  routes.get(
    '/api/savings/statement/export',
    {
      config: { ...readStatement, errors: [...SAVINGS_HOLDER_REFUSALS, 'SAVINGS_PRODUCT_NOT_FOUND'] },
      schema: { operationId: 'downloadSavingsStatement', querystring: productStatementQuerySchema, response: { 200: fileAnswer(XLSX_CONTENT_TYPE, 'The statement, an .xlsx workbook') } },
    },
    async (request, reply) => {
      // Read and checked before a byte is sent, so a refusal is still a JSON answer.
      const statement = await getStatement(deps, request.actor, request.query);
      const fileName = statementFileName(statement, request.query.product === 'all');
      return sendWorkbook(reply, fileName, (output) => writeStatementWorkbook(statement, deps.timeZone, output));
    },
  );
}
