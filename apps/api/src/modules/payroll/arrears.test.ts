import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { contributionKey, ORDINARY_SAVINGS_PRODUCT_ID } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import type { SignedInClient, TestClient, TestContext } from '../../test/test-app.ts';
import { newProduct } from '../savings-reports/savings-reports-test-support.ts';
import { addStaff, openSavingsContext } from '../savings/savings-test-support.ts';
import { issuedAdvice, keyed, ORDINARY, postKeyed } from './remittance-test-support.ts';

/**
 * Issue 30: contribution arrears aged against a month (1, 2, and 3 or more months), as a report,
 * a workbook, and on the member's own page. The arrears are written by posting remittances that
 * paid nothing for July to October.
 */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened), () => new Date('2026-11-23T09:00:00.000Z'));
const db = () => ctx.app.kobo.database.db as Database;

let christmas = '';
let xena: { userId: string; staffId: string; client: TestClient };
let yemi: { userId: string; staffId: string };

beforeAll(async () => {
  christmas = await newProduct(db(), { name: 'Christmas Savings', kind: 'target', code: '2210' });
  const staff = await addStaff(admin, { name: 'Xena Owes', email: 'xena.arrears@kobo.test', password: 'secret1' });
  const client = ctx.client();
  await client.post('/api/auth/sign-in', { email: 'xena.arrears@kobo.test', password: 'secret1' });
  xena = { userId: staff.userId, staffId: staff.staffId as string, client };
  const other = await addStaff(admin, { name: 'Yemi Owes' });
  yemi = { userId: other.userId, staffId: other.staffId as string };
  const months = [
    ['2026-07', '2026-07-31'],
    ['2026-08', '2026-08-31'],
    ['2026-09', '2026-09-30'],
    ['2026-10', '2026-10-30'],
  ] as const;
  for (const [month, valueDate] of months) {
    await issuedAdvice(db(), admin.userId, month, valueDate, [
      { ...xena, name: 'Xena Owes', deductions: { [ORDINARY]: 100_000, ...(month === '2026-09' ? { [contributionKey(christmas)]: 50_000 } : {}) } },
      ...(month === '2026-10' ? [{ ...yemi, name: 'Yemi Owes', deductions: { [ORDINARY]: 300_000 } }] : []),
    ]);
    // Yemi pays ₦1,000 of October's ₦3,000; Xena nothing, ever.
    await postKeyed(admin, month, month === '2026-10' ? [keyed(yemi.staffId, '1,000')] : []);
  }
});

describe('the arrears report', () => {
  it('ages each member and product against the month: 1, 2, and 3 or more months', async () => {
    // A remittance that paid nothing posts no batch.
    const july = (await admin.get('/api/payroll/advices/2026-07/remittance')).json();
    expect(july.remittance).toMatchObject({ batchId: null, counts: { not_on_payroll: 1 }, totals: { remittedKobo: 0, shortKobo: 100_000 } });
    const response = await admin.get('/api/payroll/arrears?month=2026-10');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      month: '2026-10',
      rows: [
        {
          userId: xena.userId,
          name: 'Xena Owes',
          staffId: xena.staffId,
          productId: christmas,
          productName: 'Christmas Savings',
          oneMonthKobo: 50_000,
          twoMonthsKobo: 0,
          threePlusMonthsKobo: 0,
          totalKobo: 50_000,
          oldestMonth: '2026-09',
        },
        {
          userId: xena.userId,
          name: 'Xena Owes',
          staffId: xena.staffId,
          productId: ORDINARY_SAVINGS_PRODUCT_ID,
          productName: 'Ordinary savings',
          oneMonthKobo: 200_000,
          twoMonthsKobo: 100_000,
          threePlusMonthsKobo: 100_000,
          totalKobo: 400_000,
          oldestMonth: '2026-07',
        },
        {
          userId: yemi.userId,
          name: 'Yemi Owes',
          staffId: yemi.staffId,
          productId: ORDINARY_SAVINGS_PRODUCT_ID,
          productName: 'Ordinary savings',
          oneMonthKobo: 200_000,
          twoMonthsKobo: 0,
          threePlusMonthsKobo: 0,
          totalKobo: 200_000,
          oldestMonth: '2026-10',
        },
      ],
      totalKobo: 650_000,
    });
  });

  it("leaves out what arose after the report's month", async () => {
    const august = (await admin.get('/api/payroll/arrears?month=2026-08')).json();
    expect(august.rows.map((row: { staffId: string; oneMonthKobo: number; twoMonthsKobo: number; totalKobo: number }) => [row.staffId, row.oneMonthKobo, row.twoMonthsKobo, row.totalKobo])).toEqual([
      [xena.staffId, 200_000, 0, 200_000],
    ]);
    // Without a month, the current one (November): July is 4 months old.
    const now = (await admin.get('/api/payroll/arrears')).json();
    expect(now.month).toBe('2026-11');
    expect(now.rows[1]).toMatchObject({ oneMonthKobo: 100_000, twoMonthsKobo: 100_000, threePlusMonthsKobo: 200_000 });
    expect((await admin.get('/api/payroll/arrears?month=2026-13')).statusCode).toBe(400);
  });

  it('downloads the report as a workbook a spreadsheet program reads', async () => {
    const response = await admin.get('/api/payroll/arrears.xlsx?month=2026-10');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="contribution-arrears-2026-10.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Staff ID', 'Name', 'Product', '1 month', '2 months', '3+ months', 'Total', 'Oldest month']);
    expect(sheet?.getRow(3).values).toEqual([undefined, xena.staffId, 'Xena Owes', 'Ordinary savings', 2000, 1000, 1000, 4000, '2026-07']);
    expect(sheet?.rowCount).toBe(4);
  });
});

describe("a member's own arrears", () => {
  it('lists what they owe per product and month, oldest first', async () => {
    const response = await xena.client.get('/api/payroll/arrears/mine');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      items: [
        { productId: ORDINARY_SAVINGS_PRODUCT_ID, productName: 'Ordinary savings', month: '2026-07', outstandingKobo: 100_000 },
        { productId: ORDINARY_SAVINGS_PRODUCT_ID, productName: 'Ordinary savings', month: '2026-08', outstandingKobo: 100_000 },
        { productId: christmas, productName: 'Christmas Savings', month: '2026-09', outstandingKobo: 50_000 },
        { productId: ORDINARY_SAVINGS_PRODUCT_ID, productName: 'Ordinary savings', month: '2026-09', outstandingKobo: 100_000 },
        { productId: ORDINARY_SAVINGS_PRODUCT_ID, productName: 'Ordinary savings', month: '2026-10', outstandingKobo: 100_000 },
      ],
      totalKobo: 450_000,
    });
  });
});
