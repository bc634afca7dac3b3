import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, ORDINARY_SAVINGS_PRODUCT_ID } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import type { SignedInClient, TestClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, deposit, expectNoLedgerDrift, openSavingsContext } from '../savings/savings-test-support.ts';

/**
 * Issue 29: the monthly run with a column per savings product (COOPERATIVE.md "The payroll loop":
 * member E, ordinary ₦5,000 + Christmas ₦2,000 + loan ₦11,200 = ₦18,200). Products are inserted in
 * SQL: a control account with subledger 'member_savings' and a savings_products row.
 */
let ctx: TestContext;
let admin: SignedInClient;
// The loan is paid out on 10 June 2026; the July run is prepared on 5 August, valued Friday 31 July.
const DISBURSED = new Date('2026-06-10T09:00:00Z');
const RUN_DAY = new Date('2026-08-05T09:00:00Z');
let now = RUN_DAY;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => now,
);

const db = () => ctx.app.kobo.database.db as Database;
let christmas = '';
let shares = '';
let fixed = '';
let loanProductId = '';

async function newProduct(code: string, name: string, kind: string, extra: { minimum?: number; window?: boolean; term?: boolean } = {}): Promise<string> {
  const [account] = await queryRows<{ id: string }>(
    db(),
    sql`insert into ledger_accounts (book, code, name, kind, subledger) values ('scheme', ${code}, ${name}, ${kind === 'shares' ? 'equity' : 'liability'}, 'member_savings') returning id`,
  );
  const [product] = await queryRows<{ id: string }>(
    db(),
    sql`insert into savings_products (name, kind, control_account_id, minimum_holding_kobo, window_opens, window_closes, payout_on, payout_to, annual_rate_bp, term_months)
        values (${name}, ${kind}, ${account!.id}, ${extra.minimum ?? null},
                ${extra.window ? '12-01' : null}, ${extra.window ? '12-31' : null}, ${extra.window ? '12-31' : null}, ${extra.window ? 'ordinary' : null},
                ${extra.term ? 1000 : null}, ${extra.term ? 12 : null})
        returning id`,
  );
  return product!.id;
}

/** A member's balance in each product, by product name. */
async function balances(userId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ name: string; balance_kobo: string }>(
    db(),
    sql`select p.name, a.balance_kobo::text from savings_accounts a join savings_products p on p.id = a.product_id where a.user_id = ${userId} order by p.name`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.balance_kobo)]));
}

function upload(client: TestClient, bytes: Buffer, name = 'payroll.csv') {
  return client.request('POST', '/api/savings/batches/file', bytes, { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) });
}

beforeAll(async () => {
  christmas = await newProduct('2210', 'Christmas Savings', 'target', { window: true });
  shares = await newProduct('3150', 'Shares', 'shares', { minimum: 2_500_000 });
  fixed = await newProduct('2220', 'Fixed Deposit', 'fixed', { term: true });
  const rules = { method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', feeKind: 'none', guarantorsRequired: '0' };
  loanProductId = (await admin.post('/api/loan-products', { ...rules, name: 'Run Loan', earlyPayment: 'reduce_term' })).json().product.id;
});

/** Member E: ₦100,000 saved and a ₦120,000 loan over 12 months at 12% flat, ₦11,200 a month from 1 July. */
async function memberE() {
  now = DISBURSED;
  const staff = await addStaff(admin, { name: 'Emeka Payroll' });
  await deposit(admin, staff.userId, '100,000');
  const loanId = (await admin.post('/api/loans', { productId: loanProductId, amount: '120,000', months: '12', purpose: 'Rent', userId: staff.userId })).json().loan.id;
  await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' });
  expect((await admin.post(`/api/loans/${loanId}/disbursement`, {})).statusCode).toBe(201);
  now = RUN_DAY;
  return { ...staff, staffId: staff.staffId as string, loanId };
}

let e: Awaited<ReturnType<typeof memberE>>;
let julyBatchId = '';

describe('a run with a column per savings product', () => {
  it('prepares member E with ordinary ₦5,000, Christmas ₦2,000 and the loan ₦11,200, and posts ₦18,200 of deductions', async () => {
    e = await memberE();
    const saved = await admin.request('PUT', '/api/savings/contributions', {
      contributions: [
        { userId: e.userId, amount: '5,000' },
        { userId: e.userId, amount: '2,000', productId: christmas },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ updated: 2 });

    const prepared = (await admin.get('/api/savings/runs/prepare?month=2026-07')).json();
    expect(prepared.products.map((product: { name: string; kind: string }) => [product.name, product.kind])).toEqual([
      ['Ordinary savings', 'ordinary'],
      ['Christmas Savings', 'target'],
      ['Shares', 'shares'],
    ]);
    const candidate = prepared.candidates.find((entry: { userId: string }) => entry.userId === e.userId);
    expect(candidate).toMatchObject({ monthlyContributionKobo: 500_000, loanDueKobo: 1_120_000 });
    expect(candidate.products).toEqual([
      { productId: christmas, standingKobo: 200_000, balanceKobo: 0, amountKobo: 200_000 },
      { productId: shares, standingKobo: 0, balanceKobo: 0, amountKobo: 0 },
    ]);

    const draft = { month: '2026-07', rows: [{ ref: e.staffId, amount: '5,000', loanRepayment: '11,200', products: { [christmas]: '2,000' } }] };
    const review = (await admin.post('/api/savings/batches/review', draft)).json();
    expect(review).toMatchObject({ readyCount: 1, refusedCount: 0, depositKobo: 700_000, withdrawalKobo: 0, loanRepaymentKobo: 1_120_000 });
    expect(review.products.map((product: { name: string; depositKobo: number }) => [product.name, product.depositKobo])).toEqual([
      ['Ordinary savings', 500_000],
      ['Christmas Savings', 200_000],
    ]);
    expect(review.rows[0].cells).toEqual([{ productId: christmas, amountText: '2,000', amountKobo: 200_000, balanceKobo: 0, reason: null }]);

    const posted = await admin.post('/api/savings/batches', draft);
    expect(posted.statusCode, posted.body).toBe(201);
    julyBatchId = posted.json().batch.id;
    expect(posted.json().batch).toMatchObject({ depositKobo: 700_000, loanRepaymentKobo: 1_120_000 });
    expect(await balances(e.userId)).toEqual({ 'Christmas Savings': 200_000, 'Ordinary savings': 10_500_000 });
    const detail = (await admin.get(`/api/savings/batches/${julyBatchId}`)).json();
    expect(detail.postings.map((posting: { productName: string; type: string; amountKobo: number }) => [posting.productName, posting.type, posting.amountKobo])).toEqual([
      ['Ordinary savings', 'deposit', 500_000],
      ['Christmas Savings', 'deposit', 200_000],
    ]);
    expect(detail.repayments.map((repayment: { amountKobo: number }) => repayment.amountKobo)).toEqual([1_120_000]);

    const trial = (await admin.get('/api/books/trial-balance?book=scheme&asOf=2026-08-05')).json();
    const row = (code: string) => trial.rows.find((entry: { code: string }) => entry.code === code);
    expect(row('1100')).toMatchObject({ name: 'Payroll deductions receivable', debitKobo: 1_820_000, creditKobo: 0 });
    expect(row('2210')).toMatchObject({ name: 'Christmas Savings', debitKobo: 0, creditKobo: 200_000 });
    await expectNoLedgerDrift(ctx);
  });

  it('takes ₦1,000 of shares a month only until the ₦25,000 minimum: ₦500 from a holding of ₦24,500', async () => {
    const member = await addStaff(admin, { name: 'Sade Shares' });
    const seeded = await admin.post('/api/savings/batches', {
      month: '2026-07',
      repeatReason: 'Shares brought in',
      rows: [{ ref: member.staffId, amount: '', products: { [shares]: '24,500' } }],
    });
    expect(seeded.statusCode, seeded.body).toBe(201);
    const full = await addStaff(admin, { name: 'Funmi Full' });
    expect((await admin.post('/api/savings/batches', { month: '2026-07', repeatReason: 'Shares in full', rows: [{ ref: full.staffId, amount: '', products: { [shares]: '25,000' } }] })).statusCode).toBe(201);
    const saved = await admin.request('PUT', '/api/savings/contributions', {
      contributions: [
        { userId: member.userId, amount: '1,000', productId: shares },
        { userId: full.userId, amount: '1,000', productId: shares },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const candidates = (await admin.get('/api/savings/runs/prepare?month=2026-08')).json().candidates as { userId: string; products: { productId: string }[] }[];
    const sharesOf = (userId: string) => candidates.find((candidate) => candidate.userId === userId)?.products.find((entry) => entry.productId === shares);
    expect(sharesOf(member.userId)).toEqual({ productId: shares, standingKobo: 100_000, balanceKobo: 2_450_000, amountKobo: 50_000 });
    expect(sharesOf(full.userId)).toEqual({ productId: shares, standingKobo: 100_000, balanceKobo: 2_500_000, amountKobo: 0 });

    const template = await admin.get('/api/savings/batches/template?month=2026-08');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Staff ID', 'Name', 'Email', 'Ordinary savings', 'Christmas Savings', 'Shares', 'Loan repayment', 'Description', 'Type']);
    const line = (staffId: string | null) => sheet?.getRows(2, sheet.rowCount - 1)?.find((candidate) => candidate.getCell(1).value === staffId);
    expect([line(member.staffId)?.getCell(6).value, line(full.staffId)?.getCell(6).value]).toEqual([500, null]);
    expect([line(e.staffId)?.getCell(4).value, line(e.staffId)?.getCell(5).value, line(e.staffId)?.getCell(7).value]).toEqual([5_000, 2_000, 11_200]);

    // The template, filled in by payroll, reads back with the same columns.
    const read = await upload(admin, template.rawPayload, 'payroll-template-2026-08.xlsx');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().products.map((product: { name: string }) => product.name)).toEqual(['Ordinary savings', 'Christmas Savings', 'Shares']);
    expect(read.json().rows.find((row: { ref: string }) => row.ref === member.staffId)).toMatchObject({ amount: 0, products: { [shares]: 500 } });
    expect(read.json().rows.find((row: { ref: string }) => row.ref === e.staffId)).toMatchObject({ amount: 5_000, loanRepayment: 11_200, products: { [christmas]: 2_000 } });
  });

  it('refuses per cell with the product named: shares are never withdrawn, Christmas only in its window, a fixed deposit takes no contributions', async () => {
    const people = await Promise.all(['Ola One', 'Ola Two', 'Ola Three', 'Ola Four'].map((name) => addStaff(admin, { name })));
    const [one, two, three, four] = people.map((person) => person.staffId);
    const review = (
      await admin.post('/api/savings/batches/review', {
        month: '2026-08',
        rows: [
          { ref: e.staffId, type: 'withdrawal', amount: '', products: { [shares]: '100' } },
          { ref: one, type: 'withdrawal', amount: '', products: { [christmas]: '500' } },
          { ref: two, amount: '', products: { [fixed]: '500' } },
          { ref: three, amount: '', products: { [christmas]: 'lots' } },
          { ref: four, amount: '', products: { '00000000-0000-4000-8000-0000000000ff': '500' } },
        ],
      })
    ).json();
    expect(review.rows.map((row: { reason: string; cells: { reason: string }[] }) => [row.reason, row.cells[0]?.reason])).toEqual([
      ['Shares cannot be withdrawn while you are a member', 'Shares cannot be withdrawn while you are a member'],
      ['Christmas Savings opens for withdrawal on 1 Dec 2026', 'Christmas Savings opens for withdrawal on 1 Dec 2026'],
      ['Fixed Deposit takes no monthly contributions', 'Fixed Deposit takes no monthly contributions'],
      ['Christmas Savings: Please enter a valid amount', 'Christmas Savings: Please enter a valid amount'],
      [
        'The column "00000000-0000-4000-8000-0000000000ff" is not a savings product that takes contributions. Name each savings column as its product is named under Settings, or remove the column.',
        'The column "00000000-0000-4000-8000-0000000000ff" is not a savings product that takes contributions. Name each savings column as its product is named under Settings, or remove the column.',
      ],
    ]);
    const contribution = await admin.request('PUT', '/api/savings/contributions', { contributions: [{ userId: e.userId, amount: '500', productId: fixed }] });
    expect(contribution.statusCode).toBe(400);
    expect(contribution.json()).toMatchObject({ message: 'Fixed Deposit takes no monthly contributions', field: 'contributions.0.productId' });
  });

  it('posts nothing when one cell fails: all or nothing', async () => {
    const other = await addStaff(admin, { name: 'Ngozi Good' });
    await expectNoRowsWritten(db(), async () => {
      const response = await admin.post('/api/savings/batches', {
        month: '2026-08',
        rows: [
          { ref: other.staffId, amount: '3,000', products: { [christmas]: '1,000', [shares]: '1,000' } },
          { ref: e.staffId, type: 'withdrawal', amount: '1,000', products: { [shares]: '100' } },
        ],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'BATCH_NOT_READY', message: MESSAGES.batchNotReady });
    });
    expect(await balances(other.userId)).toEqual({ 'Ordinary savings': 0 });
  });
});

describe("payroll's file with a column per product", () => {
  it('reads a column per product by its name, then the loan repayment', async () => {
    const csv = Buffer.from(`Staff ID,Name,Ordinary savings,Christmas Savings,Shares,Loan repayment\n${e.staffId},Emeka,"5,000","2,000",,"11,200"\n`);
    const read = await upload(admin, csv);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().products.map((product: { id: string }) => product.id)).toEqual([ORDINARY_SAVINGS_PRODUCT_ID, christmas, shares]);
    expect(read.json().rows).toEqual([{ ref: e.staffId, amount: '5,000', description: null, type: null, loanRepayment: '11,200', products: { [christmas]: '2,000' }, sourceRow: 2 }]);
  });

  it('still reads the old file with one Amount column, as ordinary savings', async () => {
    const read = await upload(admin, Buffer.from(`Staff ID,Amount,Loan Repayment\n${e.staffId},"5,000","11,200"\n`));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().products.map((product: { name: string }) => product.name)).toEqual(['Ordinary savings']);
    expect(read.json().rows).toEqual([{ ref: e.staffId, amount: '5,000', description: null, type: null, loanRepayment: '11,200', sourceRow: 2 }]);
  });

  it.each([
    [
      'Sallah Savings',
      'The column "Sallah Savings" is not a savings product that takes contributions. Name each savings column as its product is named under Settings, or remove the column.',
    ],
    ['Fixed Deposit', 'The column "Fixed Deposit": Fixed Deposit takes no monthly contributions. Remove the column.'],
    ['Amount', 'The column "Ordinary savings" appears twice. Keep one.'],
  ])('refuses the column %j, naming it, and reads nothing', async (heading, message) => {
    const response = await upload(admin, Buffer.from(`Staff ID,Ordinary savings,${heading}\n${e.staffId},"5,000","2,000"\n`));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'FILE_UNREADABLE', message, field: 'file' });
  });
});

describe('reversing a run with product columns', () => {
  it("reverses every product's rows and the loan repayment", async () => {
    const reversed = await admin.post(`/api/savings/batches/${julyBatchId}/reversal`, { reason: 'Payroll sent the wrong month' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(await balances(e.userId)).toEqual({ 'Christmas Savings': 0, 'Ordinary savings': 10_000_000 });
    const detail = (await admin.get(`/api/savings/batches/${julyBatchId}`)).json();
    expect(detail.postings.every((posting: { reversedById: string | null }) => posting.reversedById !== null)).toBe(true);
    expect(detail.repayments.map((repayment: { reversedById: string | null }) => repayment.reversedById !== null)).toEqual([true]);
    const trial = (await admin.get('/api/books/trial-balance?book=scheme&asOf=2026-08-05')).json();
    // What is left owed by payroll is the two share runs': ₦24,500 + ₦25,000.
    expect(trial.rows.find((entry: { code: string }) => entry.code === '1100')).toMatchObject({ debitKobo: 4_950_000, creditKobo: 0 });
    await expectNoLedgerDrift(ctx);
  });
});
