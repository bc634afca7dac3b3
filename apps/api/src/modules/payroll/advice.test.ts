import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contributionKey, MESSAGES, ORDINARY_SAVINGS_PRODUCT_ID } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { readSheetTable } from '../../spreadsheet/read-sheet-table.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';
import { newProduct } from '../savings-reports/savings-reports-test-support.ts';

/**
 * Issue 30: July's deduction advice for member E (COOPERATIVE.md "The payroll loop": ordinary
 * ₦5,000 + Christmas ₦2,000 + loan ₦11,200) with June's arrears carried (ordinary ₦1,200 and
 * Christmas ₦2,000), a member held out, a changed line, issuing, and the files payroll receives.
 */
let ctx: TestContext;
let admin: SignedInClient;
const DISBURSED = new Date('2026-06-10T09:00:00Z');
// July's advice is prepared on 5 August, valued on payday, Friday 31 July.
const JULY_DAY = new Date('2026-08-05T09:00:00Z');
let now = JULY_DAY;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => now,
);
const db = () => ctx.app.kobo.database.db as Database;

let christmas = '';
const ordinary = contributionKey(ORDINARY_SAVINGS_PRODUCT_ID);
const ordinaryArrears = `arrears:${ORDINARY_SAVINGS_PRODUCT_ID}`;
let e = { userId: '', staffId: '' };
let bola = { userId: '', staffId: '' };
let chi = { userId: '', staffId: '' };
let ada = { userId: '' };

/** A remittance for an issued June advice, and the arrears it left for member E, written in SQL as the remittance's posting stores them. */
async function juneArrears() {
  const [advice] = await queryRows<{ id: string }>(
    db(),
    sql`insert into payroll_advices (month, value_date, status, rededuct_arrears, allocation_order, prepared_by_id, issued_by_id, issued_by_name, issued_at)
        values ('2026-06', '2026-06-30', 'issued', true, 'loans_first', ${admin.userId}, ${admin.userId}, 'Treasurer', '2026-06-25T09:00:00Z') returning id`,
  );
  const [remittance] = await queryRows<{ id: string }>(
    db(),
    sql`insert into payroll_remittances (advice_id, source, bank_amount_kobo, remitted_kobo, paid_kobo, short_kobo, over_kobo, counts, posted_by_id, posted_by_name)
        values (${advice!.id}, 'keyed', 0, 0, 0, 320000, 0, '{"full":0,"short":1,"over":0,"not_on_payroll":0,"unexpected":0}', ${admin.userId}, 'Treasurer') returning id`,
  );
  await db().execute(sql`
    insert into contribution_arrears (user_id, product_id, month, remittance_id, amount_kobo, outstanding_kobo) values
      (${e.userId}, ${ORDINARY_SAVINGS_PRODUCT_ID}, '2026-06', ${remittance!.id}, 120000, 120000),
      (${e.userId}, ${christmas}, '2026-06', ${remittance!.id}, 200000, 200000),
      (${e.userId}, ${christmas}, '2026-05', ${remittance!.id}, 50000, 0)`);
}

beforeAll(async () => {
  christmas = await newProduct(db(), { name: 'Christmas Savings', kind: 'target', code: '2210' });
  const rules = { method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', feeKind: 'none', guarantorsRequired: '0' };
  const loanProductId = (await admin.post('/api/loan-products', { ...rules, name: 'Advice Loan', earlyPayment: 'reduce_term' })).json().product.id;
  now = DISBURSED;
  const emeka = await addStaff(admin, { name: 'Emeka Payroll' });
  e = { userId: emeka.userId, staffId: emeka.staffId as string };
  await deposit(admin, e.userId, '100,000');
  const loanId = (await admin.post('/api/loans', { productId: loanProductId, amount: '120,000', months: '12', purpose: 'Rent', userId: e.userId })).json().loan.id;
  await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' });
  const disbursed = await admin.post(`/api/loans/${loanId}/disbursement`, {});
  if (disbursed.statusCode !== 201) throw new Error(`the loan was not paid out: ${disbursed.body}`);
  now = JULY_DAY;
  const b = await addStaff(admin, { name: 'Bola Payroll' });
  bola = { userId: b.userId, staffId: b.staffId as string };
  const c = await addStaff(admin, { name: 'Chi Nothing' });
  chi = { userId: c.userId, staffId: c.staffId as string };
  ada = { userId: (await ctx.signedIn('user')).userId };
  const saved = await admin.request('PUT', '/api/savings/contributions', {
    contributions: [
      { userId: e.userId, amount: '5,000' },
      { userId: e.userId, amount: '2,000', productId: christmas },
      { userId: bola.userId, amount: '3,000' },
    ],
  });
  if (saved.statusCode !== 200) throw new Error(`contributions not set: ${saved.body}`);
  await juneArrears();
});

const eJuly = () => ({ loan: 1_120_000, [ordinaryArrears]: 120_000, [`arrears:${christmas}`]: 200_000, [ordinary]: 500_000, [`contribution:${christmas}`]: 200_000 });

function changeLine(userId: string, body: unknown, month = '2026-07') {
  return admin.request('PUT', `/api/payroll/advices/${month}/lines/${userId}`, body);
}

describe("July's advice", () => {
  it('prepares each member with a staff ID: contributions, arrears carried and the loan due; lists who has none', async () => {
    const response = await admin.post('/api/payroll/advices', { month: '2026-07' });
    expect(response.statusCode, response.body).toBe(201);
    const detail = response.json();
    expect(detail.advice).toMatchObject({ month: '2026-07', valueDate: '2026-07-31', status: 'draft', redeductArrears: true, allocationOrder: 'loans_first', memberCount: 2, heldCount: 0, totalKobo: 2_440_000, issuedAt: null, remittancePosted: false });
    expect(detail.lines).toEqual([
      { userId: e.userId, staffId: e.staffId, name: 'Emeka Payroll', deductions: eJuly(), totalKobo: 2_140_000, heldReason: null, changed: false },
      { userId: bola.userId, staffId: bola.staffId, name: 'Bola Payroll', deductions: { [ordinary]: 300_000 }, totalKobo: 300_000, heldReason: null, changed: false },
    ].toSorted((a, b) => a.staffId.localeCompare(b.staffId)));
    expect(detail.deductions).toEqual([
      { key: 'loan', label: 'Loan repayment', kind: 'loan', productId: null, totalKobo: 1_120_000 },
      { key: ordinaryArrears, label: 'Ordinary savings arrears', kind: 'arrears', productId: ORDINARY_SAVINGS_PRODUCT_ID, totalKobo: 120_000 },
      { key: `arrears:${christmas}`, label: 'Christmas Savings arrears', kind: 'arrears', productId: christmas, totalKobo: 200_000 },
      { key: ordinary, label: 'Ordinary savings', kind: 'contribution', productId: ORDINARY_SAVINGS_PRODUCT_ID, totalKobo: 800_000 },
      { key: `contribution:${christmas}`, label: 'Christmas Savings', kind: 'contribution', productId: christmas, totalKobo: 200_000 },
    ]);
    expect(detail.leftOut).toEqual([expect.objectContaining({ userId: ada.userId, reason: 'No staff ID: payroll cannot deduct without one' })]);
    expect(detail.lines.map((line: { userId: string }) => line.userId)).not.toContain(chi.userId);
    expect((await admin.get('/api/payroll/advices/2026-07')).json().leftOut).toEqual(detail.leftOut);
  });

  it('holds a member out with a reason (count and total follow), and refuses a blank reason beside the field', async () => {
    const held = await changeLine(bola.userId, { heldReason: 'On leave without pay' });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().advice).toMatchObject({ memberCount: 1, heldCount: 1, totalKobo: 2_140_000 });
    expect(held.json().deductions.find((deduction: { key: string }) => deduction.key === ordinary).totalKobo).toBe(500_000);
    await expectNoRowsWritten(db(), async () => {
      const blank = await changeLine(bola.userId, { heldReason: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ message: MESSAGES.holdReasonRequired, field: 'heldReason' });
    });
    const back = await changeLine(bola.userId, { heldReason: null });
    expect(back.json().advice).toMatchObject({ memberCount: 2, heldCount: 0, totalKobo: 2_440_000 });
  });

  it("changes a line's figures (a zero drops a deduction; the line is marked changed) and records it", async () => {
    const changed = await changeLine(e.userId, { deductions: { ...eJuly(), [`contribution:${christmas}`]: 150_000, [`arrears:${christmas}`]: 0 } });
    expect(changed.statusCode, changed.body).toBe(200);
    const line = changed.json().lines.find((entry: { userId: string }) => entry.userId === e.userId);
    expect(line).toMatchObject({ deductions: { loan: 1_120_000, [ordinaryArrears]: 120_000, [ordinary]: 500_000, [`contribution:${christmas}`]: 150_000 }, totalKobo: 1_890_000, changed: true });
    expect(changed.json().advice.totalKobo).toBe(2_190_000);
    expect((await admin.get('/api/audit?kind=payroll.advice_line_changed')).json().entries[0]).toMatchObject({ target: { label: 'Deduction advice 2026-07: Emeka Payroll' } });
  });

  it('refuses a member not in the advice (404), a month with none (404) and months that are none (400), writing nothing', async () => {
    await expectNoRowsWritten(db(), async () => {
      expect((await changeLine(chi.userId, { heldReason: 'x' })).json()).toMatchObject({ error: 'PAYROLL_MEMBER_NOT_IN_ADVICE' });
      expect((await changeLine(e.userId, { heldReason: 'x'.repeat(501) })).statusCode).toBe(400);
      expect((await changeLine(e.userId, { deductions: { savings: 100 } })).statusCode).toBe(400);
      expect((await changeLine(e.userId, { deductions: { loan: -1 } })).statusCode).toBe(400);
      expect((await changeLine(e.userId, {})).statusCode).toBe(400);
      expect((await admin.get('/api/payroll/advices/2026-01')).json()).toMatchObject({ error: 'PAYROLL_ADVICE_NOT_FOUND' });
      for (const month of ['0000-00', '2026-13', '2026-1', 'x'.repeat(20)]) {
        const prepared = await admin.post('/api/payroll/advices', { month });
        expect(prepared.statusCode, month).toBe(400);
        expect(prepared.json()).toMatchObject({ message: MESSAGES.chooseMonth, field: 'month' });
        expect((await admin.get(`/api/payroll/advices/${month}`)).statusCode).toBe(400);
      }
      expect((await admin.post('/api/payroll/advices', { month: 'x'.repeat(100_000) })).statusCode).toBe(400);
    });
  });

  it('prepares again over the draft: the changes give way to the figures Kobo prepares', async () => {
    const again = await admin.post('/api/payroll/advices', { month: '2026-07' });
    expect(again.statusCode).toBe(201);
    expect(again.json().lines.find((line: { userId: string }) => line.userId === e.userId)).toMatchObject({ deductions: eJuly(), changed: false });
    expect(again.json().advice.totalKobo).toBe(2_440_000);
  });

  it('downloads only once issued; issuing keeps it as issued: a change, a second issue and preparing again are refused', async () => {
    expect((await changeLine(bola.userId, { heldReason: 'On leave without pay' })).statusCode).toBe(200);
    expect((await admin.get('/api/payroll/advices/2026-07/download')).json()).toMatchObject({ error: 'PAYROLL_ADVICE_NOT_ISSUED' });
    const issued = await admin.post('/api/payroll/advices/2026-07/issue');
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().advice).toMatchObject({ status: 'issued', memberCount: 1, heldCount: 1, totalKobo: 2_140_000, issuedByName: expect.any(String) });
    await expectNoRowsWritten(db(), async () => {
      expect((await admin.post('/api/payroll/advices/2026-07/issue')).json()).toMatchObject({ error: 'PAYROLL_ADVICE_ISSUED', message: MESSAGES.payrollAdviceIssued });
      expect((await changeLine(e.userId, { heldReason: null })).statusCode).toBe(409);
      expect((await admin.post('/api/payroll/advices', { month: '2026-07' })).json()).toMatchObject({ error: 'PAYROLL_ADVICE_ISSUED' });
    });
    expect((await admin.get('/api/payroll/advices')).json().advices.map((advice: { month: string }) => advice.month)).toEqual(['2026-07', '2026-06']);
  });

  it('downloads the generic .xlsx: a row per member not held out, a column per deduction and the total, in naira', async () => {
    const response = await admin.get('/api/payroll/advices/2026-07/download?layout=generic');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="deductions-2026-07-generic.xlsx"');
    const rows = await readSheetTable(response.rawPayload, { maxRows: 100, messages: { tooManyRows: 'too many' } });
    expect(rows.map((row) => row.cells)).toEqual([
      ['Staff ID', 'Name', 'Loan repayment', 'Ordinary savings arrears', 'Christmas Savings arrears', 'Ordinary savings', 'Christmas Savings', 'Total'],
      [e.staffId, 'Emeka Payroll', 11200, 1200, 2000, 5000, 2000, 21400],
    ]);
  });

  it('downloads a named long CSV layout: a row per member and code, whole kobo, the month as DD/MM/YYYY', async () => {
    const layout = await admin.post('/api/payroll/layouts', {
      name: 'IPPIS',
      shape: 'long',
      format: 'csv',
      dateFormat: 'DD/MM/YYYY',
      numberFormat: 'kobo',
      columns: [
        { field: 'staff_id', header: 'IPPIS No' },
        { field: 'name', header: 'Name' },
        { field: 'month', header: 'Period' },
        { field: 'code', header: 'Deduction Code' },
        { field: 'amount', header: 'Amount' },
      ],
      codes: [
        { code: 'COOP-LOAN', keys: ['loan'] },
        { code: 'COOP-SAV', keys: [ordinary, ordinaryArrears] },
        { code: 'COOP-XMAS', keys: [`contribution:${christmas}`, `arrears:${christmas}`] },
      ],
    });
    expect(layout.statusCode, layout.body).toBe(201);
    const response = await admin.get(`/api/payroll/advices/2026-07/download?layout=${layout.json().id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="deductions-2026-07-ippis.csv"');
    expect(response.body).toBe(
      [
        'IPPIS No,Name,Period,Deduction Code,Amount',
        `${e.staffId},Emeka Payroll,01/07/2026,COOP-LOAN,1120000`,
        `${e.staffId},Emeka Payroll,01/07/2026,COOP-SAV,620000`,
        `${e.staffId},Emeka Payroll,01/07/2026,COOP-XMAS,400000`,
        '',
      ].join('\r\n'),
    );
  });

  it('downloads a wide CSV layout: a column carries the sum of its deductions, amounts with commas quoted, the month as YYYYMM', async () => {
    const layout = await admin.post('/api/payroll/layouts', {
      name: 'State payroll',
      shape: 'wide',
      format: 'csv',
      dateFormat: 'YYYYMM',
      numberFormat: 'naira_commas',
      columns: [
        { field: 'staff_id', header: 'Staff No' },
        { field: 'name', header: 'Name, in full' },
        { field: 'month', header: 'Month' },
        { field: 'deduction', header: 'Loan', keys: ['loan'] },
        { field: 'deduction', header: 'Savings', keys: [ordinary, ordinaryArrears, `contribution:${christmas}`, `arrears:${christmas}`] },
        { field: 'total', header: 'Total' },
      ],
    });
    expect(layout.statusCode, layout.body).toBe(201);
    const response = await admin.get(`/api/payroll/advices/2026-07/download?layout=${layout.json().id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toBe(['Staff No,"Name, in full",Month,Loan,Savings,Total', `${e.staffId},Emeka Payroll,202607,"11,200.00","10,200.00","21,400.00"`, ''].join('\r\n'));
  });

  it('refuses a layout with no place for one of the advice\'s deductions, naming it (409), and an unknown layout (404)', async () => {
    const layout = await admin.post('/api/payroll/layouts', {
      name: 'Savings only',
      shape: 'wide',
      format: 'csv',
      dateFormat: 'YYYY-MM',
      numberFormat: 'naira_commas',
      columns: [
        { field: 'staff_id', header: 'Staff' },
        { field: 'deduction', header: 'Loan', keys: ['loan'] },
        { field: 'deduction', header: 'Savings', keys: [ordinary, `contribution:${christmas}`] },
      ],
    });
    expect(layout.statusCode, layout.body).toBe(201);
    const refused = await admin.get(`/api/payroll/advices/2026-07/download?layout=${layout.json().id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'PAYROLL_LAYOUT_MISSES_DEDUCTION', message: 'This layout has no column for Ordinary savings arrears.' });
    expect((await admin.get('/api/payroll/advices/2026-07/download?layout=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('a scheme that does not re-deduct arrears leaves them off the next advice', async () => {
    expect((await admin.request('PUT', '/api/payroll/settings', { redeductArrears: false, allocationOrder: 'loans_first' })).statusCode).toBe(200);
    now = new Date('2026-09-04T09:00:00Z');
    const august = await admin.post('/api/payroll/advices', { month: '2026-08' });
    expect(august.statusCode, august.body).toBe(201);
    expect(august.json().advice.redeductArrears).toBe(false);
    const line = august.json().lines.find((entry: { userId: string }) => entry.userId === e.userId);
    expect(Object.keys(line.deductions).toSorted()).toEqual([ordinary, `contribution:${christmas}`, 'loan'].toSorted());
  });
});
