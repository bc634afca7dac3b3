import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
// Loans are disbursed on 10 June 2026 (instalments of ₦11,200 due 31 July, 31 August, 30 September, …).
const DISBURSED = new Date('2026-06-10T09:00:00Z');
const SEPTEMBER_END = new Date('2026-09-30T12:00:00Z');
const OCTOBER_END = new Date('2026-10-31T12:00:00Z');
let now = DISBURSED;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => now,
);
const db = () => ctx.app.kobo.database.db;

let productId = '';
beforeAll(async () => {
  const rules = { method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', feeKind: 'none', guarantorsRequired: '0' };
  productId = (await admin.post('/api/loan-products', { ...rules, name: 'Provision Loan' })).json().product.id;
});

/** ₦120,000 over 12 months at 12% flat: ₦10,000 principal + ₦1,200 interest a month, no fee. */
async function disbursedLoan(name: string) {
  now = DISBURSED;
  const staff = await addStaff(admin, { name });
  await deposit(admin, staff.userId, '100,000');
  const loanId: string = (await admin.post('/api/loans', { productId, amount: '120,000', months: '12', purpose: 'Rent', userId: staff.userId })).json().loan.id;
  await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' });
  expect((await admin.post(`/api/loans/${loanId}/disbursement`, {})).statusCode).toBe(201);
  return loanId;
}

type Line = { account: string; amount: number };
/** An entry's lines by account name, debits positive. */
async function linesOf(entryId: string): Promise<Line[]> {
  const rows = await queryRows<{ account: string; amount: string }>(
    db(),
    sql`select a.name as account, l.amount_kobo as amount from journal_lines l join ledger_accounts a on a.id = l.account_id where l.entry_id = ${entryId}::uuid order by l.line_no`,
  );
  return rows.map((row) => ({ account: row.account, amount: Number(row.amount) }));
}

async function provisionHeld(): Promise<number> {
  const [row] = await queryRows<{ held: string }>(
    db(),
    sql`select coalesce(-sum(l.amount_kobo), 0) as held from journal_lines l join ledger_accounts a on a.id = l.account_id where a.system_key = 'scheme.loan_loss_provision'`,
  );
  return Number(row?.held ?? 0);
}

async function provisionEntries(): Promise<number> {
  const [row] = await queryRows<{ entries: number }>(db(), sql`select count(*)::int as entries from journal_entries where source_type = 'provision'`);
  return row?.entries ?? 0;
}

let late = '';
describe('portfolio at risk and the month-end provision', () => {
  it('reports the buckets and classes, and a run posts the same provision as one entry', async () => {
    const prompt = await disbursedLoan('Prompt Payer');
    late = await disbursedLoan('Late Payer');
    const partly = await disbursedLoan('Partly Late');
    now = SEPTEMBER_END;
    // Prompt pays July to September; Partly pays July only; Late pays nothing.
    expect((await admin.post(`/api/loans/${prompt}/repayments`, { amount: '33,600', valueDate: '2026-09-30' })).statusCode).toBe(201);
    expect((await admin.post(`/api/loans/${partly}/repayments`, { amount: '11,200', valueDate: '2026-09-14' })).statusCode).toBe(201);

    let report: Record<string, unknown> = {};
    await expectNoRowsWritten(db(), async () => {
      const response = await admin.get('/api/loans/par');
      expect(response.statusCode, response.body).toBe(200);
      report = response.json().report;
    });
    expect(report).toEqual({
      asOf: '2026-09-30',
      loanCount: 3,
      // ₦90,000 + ₦120,000 + ₦110,000.
      outstandingPrincipalKobo: 32_000_000,
      buckets: [
        // Prompt owes nothing overdue (September's instalment is due today, not yet late).
        { key: 'current', loanCount: 1, outstandingPrincipalKobo: 9_000_000, shareBp: 2_813 },
        // Partly owes August's (31 August): 30 days.
        { key: 'days1To30', loanCount: 1, outstandingPrincipalKobo: 11_000_000, shareBp: 3_438 },
        { key: 'days31To60', loanCount: 0, outstandingPrincipalKobo: 0, shareBp: 0 },
        // Late owes from 31 July: 61 days.
        { key: 'days61To90', loanCount: 1, outstandingPrincipalKobo: 12_000_000, shareBp: 3_750 },
        { key: 'days91To180', loanCount: 0, outstandingPrincipalKobo: 0, shareBp: 0 },
        { key: 'over180', loanCount: 0, outstandingPrincipalKobo: 0, shareBp: 0 },
      ],
      par30Bp: 3_750,
      par30Kobo: 12_000_000,
      classifications: [
        // 1 % of ₦200,000 = ₦2,000; 20 % of ₦120,000 = ₦24,000.
        { classification: 'performing', loanCount: 2, outstandingPrincipalKobo: 20_000_000, rateBp: 100, provisionKobo: 200_000 },
        { classification: 'watch', loanCount: 0, outstandingPrincipalKobo: 0, rateBp: 500, provisionKobo: 0 },
        { classification: 'substandard', loanCount: 1, outstandingPrincipalKobo: 12_000_000, rateBp: 2_000, provisionKobo: 2_400_000 },
        { classification: 'doubtful', loanCount: 0, outstandingPrincipalKobo: 0, rateBp: 5_000, provisionKobo: 0 },
        { classification: 'lost', loanCount: 0, outstandingPrincipalKobo: 0, rateBp: 10_000, provisionKobo: 0 },
      ],
      requiredProvisionKobo: 2_600_000,
      heldProvisionKobo: 0,
    });

    // Each loan in arrears with its class, most days first (Prompt is current, so not listed).
    const atRisk = (await admin.get('/api/loans/par/loans')).json().loans;
    expect(atRisk.map((row: { borrower: { name: string }; daysInArrears: number; classification: string; provisionKobo: number }) => [row.borrower.name, row.daysInArrears, row.classification, row.provisionKobo])).toEqual([
      ['Late Payer', 61, 'substandard', 2_400_000],
      ['Partly Late', 30, 'performing', 110_000],
    ]);

    const run = await admin.post('/api/loans/provision-runs', { month: '2026-09' });
    expect(run.statusCode, run.body).toBe(201);
    const view = run.json().run;
    expect(view).toMatchObject({ month: '2026-09', asOf: '2026-09-30', loanCount: 3, requiredKobo: 2_600_000, heldBeforeKobo: 0, differenceKobo: 2_600_000 });
    // The report and the entry agree to the kobo: ₦26,000.
    expect(await linesOf(view.entryId)).toEqual([
      { account: 'Provision for loan losses', amount: 2_600_000 },
      { account: 'Loan loss provision', amount: -2_600_000 },
    ]);
    const lines = await queryRows<{ classification: string; days_in_arrears: number; provision_kobo: string }>(
      db(),
      sql`select classification, days_in_arrears, provision_kobo from loan_provision_lines where run_id = ${view.id}::uuid order by provision_kobo`,
    );
    expect(lines.map((line) => [line.classification, line.days_in_arrears, Number(line.provision_kobo)])).toEqual([
      ['performing', 0, 90_000],
      ['performing', 30, 110_000],
      ['substandard', 61, 2_400_000],
    ]);
    expect((await admin.get('/api/loans/par')).json().report.heldProvisionKobo).toBe(2_600_000);
  });

  it('reruns the month posting nothing when nothing changed, and only the difference next month', async () => {
    const rerun = await admin.post('/api/loans/provision-runs', { month: '2026-09' });
    expect(rerun.statusCode).toBe(201);
    expect(rerun.json().run).toMatchObject({ requiredKobo: 2_600_000, heldBeforeKobo: 2_600_000, differenceKobo: 0, entryId: null });
    expect(await provisionEntries()).toBe(1);

    now = OCTOBER_END;
    // 31 October: Late is 92 days behind (doubtful, 50 % of ₦120,000 = ₦60,000), Partly 61
    // (substandard, 20 % of ₦110,000 = ₦22,000), Prompt current (1 % of ₦90,000 = ₦900): ₦82,900.
    const october = await admin.post('/api/loans/provision-runs', { month: '2026-10' });
    expect(october.statusCode, october.body).toBe(201);
    const view = october.json().run;
    expect(view).toMatchObject({ asOf: '2026-10-31', requiredKobo: 8_290_000, heldBeforeKobo: 2_600_000, differenceKobo: 5_690_000 });
    expect(await linesOf(view.entryId)).toEqual([
      { account: 'Provision for loan losses', amount: 5_690_000 },
      { account: 'Loan loss provision', amount: -5_690_000 },
    ]);
    expect(await provisionHeld()).toBe(8_290_000);
    expect((await admin.get('/api/loans/par')).json().report.requiredProvisionKobo).toBe(8_290_000);

    const runs = (await admin.get('/api/loans/provision-runs')).json().runs;
    expect(runs.map((run: { month: string; differenceKobo: number }) => [run.month, run.differenceKobo])).toEqual([
      ['2026-10', 5_690_000],
      ['2026-09', 0],
      ['2026-09', 2_600_000],
    ]);
  });

  it('refuses a month before one already run, and a month not yet begun, changing nothing', async () => {
    await expectNoRowsWritten(db(), async () => {
      const passed = await admin.post('/api/loans/provision-runs', { month: '2026-09' });
      expect(passed.statusCode).toBe(409);
      expect(passed.json().message).toBe(MESSAGES.provisionMonthPassed);
      const ahead = await admin.post('/api/loans/provision-runs', { month: '2026-11' });
      expect(ahead.statusCode).toBe(409);
      expect(ahead.json().message).toBe(MESSAGES.provisionMonthAhead);
      for (const month of ['2026-13', 'October', '', null]) {
        expect((await admin.post('/api/loans/provision-runs', { month })).statusCode).toBe(400);
      }
      expect((await admin.post('/api/loans/provision-runs', {})).statusCode).toBe(400);
    });
  });

  it('writes a loan off against what the provision holds for it, and the rest as a loss', async () => {
    const response = await admin.post(`/api/loans/${late}/write-off`, { reason: 'Left the organisation' });
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = await queryRows<{ id: string }>(db(), sql`select id::text from journal_entries where source_type = 'write_off' and source_id = ${late}::uuid`);
    // ₦120,000 owed: ₦60,000 provided for it in October's run, ₦60,000 a new loss.
    expect(await linesOf(entry!.id)).toEqual([
      { account: 'Loan loss provision', amount: 6_000_000 },
      { account: 'Loans written off', amount: 6_000_000 },
      { account: 'Loans to members', amount: -12_000_000 },
    ]);
    expect(await provisionHeld()).toBe(2_290_000);
    // What is left is what the two running loans need: a rerun posts nothing.
    const rerun = await admin.post('/api/loans/provision-runs', { month: '2026-10' });
    expect(rerun.json().run).toMatchObject({ loanCount: 2, requiredKobo: 2_290_000, differenceKobo: 0, entryId: null });
  });

  it('exports the report as a workbook', async () => {
    const response = await admin.get('/api/loans/par/export');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const classes = workbook.getWorksheet('Classes');
    // Partly's ₦110,000 is substandard at 20 %: ₦22,000; Prompt's ₦90,000 performing: ₦900.
    expect(classes?.getRow(4).values).toEqual([undefined, 'Substandard', 1, 110_000, 0.2, 22_000]);
    expect(classes?.getRow(7).values).toEqual([undefined, 'Total', 2, 200_000, undefined, 22_900]);
  });

  it('saves the scale (admins), flags a bad field beside itself, and reclassifies', async () => {
    const bad = await admin.request('PUT', '/api/loans/risk-settings', {
      performingMaxDays: '30',
      watchMaxDays: '30',
      substandardMaxDays: '90',
      doubtfulMaxDays: '180',
      performingRate: '1',
      watchRate: '5',
      substandardRate: '20',
      doubtfulRate: '50',
      lostRate: '100',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MESSAGES.riskDaysNotRising, field: 'watchMaxDays' });
    const saved = await admin.request('PUT', '/api/loans/risk-settings', {
      performingMaxDays: '0',
      watchMaxDays: '30',
      substandardMaxDays: '60',
      doubtfulMaxDays: '90',
      performingRate: '2',
      watchRate: '10',
      substandardRate: '25',
      doubtfulRate: '50',
      lostRate: '100',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({ performingMaxDays: 0, doubtfulMaxDays: 90, performingRateBp: 200, substandardRateBp: 2_500 });
    // Partly, 61 days: now doubtful (50 % of ₦110,000 = ₦55,000); Prompt 2 % of ₦90,000 = ₦1,800.
    const report = (await admin.get('/api/loans/par')).json().report;
    expect(report.requiredProvisionKobo).toBe(5_680_000);
  });

  it('posts the new difference once when two runs arrive together', async () => {
    const entriesBefore = await provisionEntries();
    // The new scale requires ₦56,800 where ₦22,900 is held: ₦33,900 more, posted by one of the two.
    const answers = await Promise.all([admin.post('/api/loans/provision-runs', { month: '2026-10' }), admin.post('/api/loans/provision-runs', { month: '2026-10' })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(answers.map((answer) => answer.json().run.differenceKobo).toSorted((a: number, b: number) => a - b)).toEqual([0, 3_390_000]);
    expect(await provisionEntries()).toBe(entriesBefore + 1);
    expect(await provisionHeld()).toBe(5_680_000);
  });

  it('refuses a run for a locked month, changing nothing', async () => {
    expect((await admin.post('/api/books/locks', { book: 'scheme', month: '2026-10' })).statusCode).toBe(200);
    await expectNoRowsWritten(db(), async () => {
      const locked = await admin.post('/api/loans/provision-runs', { month: '2026-10' });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().field).toBe('month');
    });
  });
});
