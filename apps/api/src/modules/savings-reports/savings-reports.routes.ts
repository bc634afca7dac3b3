import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { belowShareMinimumAnswerSchema, calendarDate, fileAnswer, savingsPayoutRunsAnswerSchema, savingsProductTotalsAnswerSchema } from '@kobo/core';
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../spreadsheet/send-workbook.ts';
import { belowMinimumFileName, productTotalsFileName, writeBelowMinimumWorkbook, writeProductTotalsWorkbook } from './product-workbooks.ts';
import { readBelowShareMinimum, readProductTotals } from './read-product-totals.ts';
import { startProductPayouts } from './product-payout-schedule.ts';
import { runProductPayouts, type PayoutDeps } from './run-product-payouts.ts';

/** Reading every holder's savings: an officer or the auditor. */
const readSavings = { access: 'view_staff_savings' } as const;

/**
 * Issue 29's reports and pay-outs: totals per savings product and the members below a share
 * minimum (each also as .xlsx), and the run of target pay-outs and fixed deposits' maturities, which
 * a daily tick makes (`background`; tests call it through the route or runProductPayouts).
 */
export async function savingsReportsRoutes(app: FastifyInstance, deps: PayoutDeps & { background: boolean }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const today = () => calendarDate(deps.now(), deps.timeZone);

  const payouts = startProductPayouts({ ...deps, log: app.log, hourly: deps.background });
  if (deps.background) {
    app.addHook('onReady', async () => {
      await payouts.check().catch((error: unknown) => app.log.error({ err: error }, 'the savings pay-outs could not be run'));
    });
  }
  // Before the database closes: a run in flight finishes.
  app.addHook('preClose', async () => payouts.close());

  routes.get(
    '/api/savings/products/totals',
    { config: readSavings, schema: { operationId: 'getSavingsProductTotals', response: { 200: savingsProductTotalsAnswerSchema } } },
    async () => readProductTotals(deps.db),
  );
  routes.get(
    '/api/savings/products/totals.xlsx',
    { config: readSavings, schema: { operationId: 'downloadSavingsProductTotals', response: { 200: fileAnswer(XLSX_CONTENT_TYPE, 'Totals per savings product, an .xlsx workbook') } } },
    async (_request, reply) => {
      const totals = await readProductTotals(deps.db);
      return sendWorkbook(reply, productTotalsFileName(today()), (output) => writeProductTotalsWorkbook(totals, output));
    },
  );
  routes.get(
    '/api/savings/products/below-minimum',
    { config: readSavings, schema: { operationId: 'listMembersBelowShareMinimum', response: { 200: belowShareMinimumAnswerSchema } } },
    async () => readBelowShareMinimum(deps.db),
  );
  routes.get(
    '/api/savings/products/below-minimum.xlsx',
    { config: readSavings, schema: { operationId: 'downloadMembersBelowShareMinimum', response: { 200: fileAnswer(XLSX_CONTENT_TYPE, 'Members below a share minimum, an .xlsx workbook') } } },
    async (_request, reply) => {
      const list = await readBelowShareMinimum(deps.db);
      return sendWorkbook(reply, belowMinimumFileName(today()), (output) => writeBelowMinimumWorkbook(list, output));
    },
  );
  routes.post(
    '/api/savings/products/payouts',
    { config: { access: 'manage_staff_savings' }, schema: { operationId: 'runSavingsPayouts', response: { 200: savingsPayoutRunsAnswerSchema } } },
    async (request) => ({ runs: await runProductPayouts(deps, { id: request.actor.id, email: request.actor.email }) }),
  );
}
