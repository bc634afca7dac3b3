import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  balanceSheetResponseSchema,
  bookAsOfQuerySchema,
  bookChartQuerySchema,
  bookPeriodQuerySchema,
  fileAnswer,
  generalLedgerQuerySchema,
  generalLedgerResponseSchema,
  incomeStatementResponseSchema,
  journalPageResponseSchema,
  journalQuerySchema,
  ledgerAccountsResponseSchema,
  trialBalanceResponseSchema,
} from '@kobo/core';
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';
import type { BookDeps } from './book-views.ts';
import {
  balanceSheetFileName,
  generalLedgerFileName,
  incomeStatementFileName,
  journalFileName,
  trialBalanceFileName,
  writeBalanceSheetWorkbook,
  writeGeneralLedgerWorkbook,
  writeIncomeStatementWorkbook,
  writeJournalWorkbook,
  writeTrialBalanceWorkbook,
} from './book-workbooks.ts';
import { listLedgerAccounts } from './list-ledger-accounts.ts';
import { readBalanceSheet } from './read-balance-sheet.ts';
import { readGeneralLedger, readGeneralLedgerForExport } from './read-general-ledger.ts';
import { readIncomeStatement } from './read-income-statement.ts';
import { readJournal, readJournalForExport } from './read-journal.ts';
import { readTrialBalance } from './read-trial-balance.ts';

const viewBooks = { access: 'view_books' } as const;
const accountParams = z.object({ id: z.string().min(1).max(200) });
/** Each report's download: the same figures as an .xlsx workbook. */
const workbook = { 200: fileAnswer(XLSX_CONTENT_TYPE, 'The report, an .xlsx workbook') };

/**
 * The books' reports (issue 27): the chart, trial balance, income and expenditure, balance sheet,
 * an account's general ledger and the journal. Each report is also an .xlsx at the same path with
 * `.xlsx` on the end, read and checked before a byte is sent, so a refusal is still a JSON answer.
 * Reads only: a GET never writes.
 */
export async function booksReportsRoutes(app: FastifyInstance, deps: BookDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/books/accounts',
    {
      config: viewBooks,
      schema: { operationId: 'listLedgerAccounts', querystring: bookChartQuerySchema, response: { 200: ledgerAccountsResponseSchema } },
    },
    async (request) =>
      listLedgerAccounts(deps.db, request.query.book),
  );

  routes.get(
    '/api/books/trial-balance',
    {
      config: viewBooks,
      schema: { operationId: 'getTrialBalance', querystring: bookAsOfQuerySchema, response: { 200: trialBalanceResponseSchema } },
    },
    async (request) =>
      readTrialBalance(deps, request.query),
  );
  routes.get(
    '/api/books/trial-balance.xlsx',
    { config: viewBooks, schema: { operationId: 'downloadTrialBalance', querystring: bookAsOfQuerySchema, response: workbook } },
    async (request, reply) => {
      const view = await readTrialBalance(deps, request.query);
      return sendWorkbook(reply, trialBalanceFileName(view), (output) => writeTrialBalanceWorkbook(view, output));
    },
  );

  routes.get(
    '/api/books/income-statement',
    {
      config: viewBooks,
      schema: { operationId: 'getIncomeStatement', querystring: bookPeriodQuerySchema, response: { 200: incomeStatementResponseSchema } },
    },
    async (request) =>
      readIncomeStatement(deps, request.query),
  );
  routes.get(
    '/api/books/income-statement.xlsx',
    { config: viewBooks, schema: { operationId: 'downloadIncomeStatement', querystring: bookPeriodQuerySchema, response: workbook } },
    async (request, reply) => {
      const view = await readIncomeStatement(deps, request.query);
      return sendWorkbook(reply, incomeStatementFileName(view), (output) => writeIncomeStatementWorkbook(view, output));
    },
  );

  routes.get(
    '/api/books/balance-sheet',
    {
      config: viewBooks,
      schema: { operationId: 'getBalanceSheet', querystring: bookAsOfQuerySchema, response: { 200: balanceSheetResponseSchema } },
    },
    async (request) =>
      readBalanceSheet(deps, request.query),
  );
  routes.get(
    '/api/books/balance-sheet.xlsx',
    { config: viewBooks, schema: { operationId: 'downloadBalanceSheet', querystring: bookAsOfQuerySchema, response: workbook } },
    async (request, reply) => {
      const view = await readBalanceSheet(deps, request.query);
      return sendWorkbook(reply, balanceSheetFileName(view), (output) => writeBalanceSheetWorkbook(view, output));
    },
  );

  routes.get(
    '/api/books/accounts/:id/ledger',
    { config: { ...viewBooks, errors: ['LEDGER_ACCOUNT_NOT_FOUND'] }, schema: { operationId: 'getGeneralLedger', params: accountParams, querystring: generalLedgerQuerySchema, response: { 200: generalLedgerResponseSchema } } },
    async (request) => readGeneralLedger(deps, request.params.id, request.query),
  );
  routes.get(
    '/api/books/accounts/:id/ledger.xlsx',
    { config: { ...viewBooks, errors: ['LEDGER_ACCOUNT_NOT_FOUND', 'EXPORT_TOO_LARGE'] }, schema: { operationId: 'downloadGeneralLedger', params: accountParams, querystring: generalLedgerQuerySchema, response: workbook } },
    async (request, reply) => {
      const view = await readGeneralLedgerForExport(deps, request.params.id, request.query);
      return sendWorkbook(reply, generalLedgerFileName(view), (output) => writeGeneralLedgerWorkbook(view, output));
    },
  );

  routes.get('/api/books/journal', { config: viewBooks, schema: { operationId: 'getJournal', querystring: journalQuerySchema, response: { 200: journalPageResponseSchema } } }, async (request) => readJournal(deps.db, request.query));
  routes.get(
    '/api/books/journal.xlsx',
    {
      config: { ...viewBooks, errors: ['EXPORT_TOO_LARGE'] },
      schema: { operationId: 'downloadJournal', querystring: journalQuerySchema, response: workbook },
    },
    async (request, reply) => {
      const page = await readJournalForExport(deps.db, request.query);
      return sendWorkbook(reply, journalFileName(request.query.book, request.query), (output) => writeJournalWorkbook(page, output));
    },
  );
}
