import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import { readSheetTable } from '../../spreadsheet/read-sheet-table.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';
import { depositInto, newProduct } from '../savings-reports/savings-reports-test-support.ts';

/**
 * Issue 31's AGM pack on a year with postings and a posted run (COOPERATIVE.md's members: A's
 * ₦100,000 from 1 Jan and ₦50,000 valued 1 Jul earn ₦2,504.11 at 2% on the average daily balance;
 * B's ₦20,000 shares held all year and ₦10,000 bought 15 Apr earn ₦2,666.67 at 10% prorated), 2025
 * beside it, and in 2027 an officer (a member later made an admin) and a member with loans in arrears.
 */
let clock = new Date('2027-01-10T10:00:00+01:00');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => clock,
);
const db = () => ctx.app.kobo.database.db as Database;

const people = { a: '', b: '', tola: '', late: '' };
const loans = { tola: '', late: '' };
let shares = '';

async function accountId(key: string): Promise<string> {
  return (await queryRows<{ id: string }>(db(), sql`select id from ledger_accounts where system_key = ${key}`))[0]!.id;
}

async function entry(valueDate: string, narration: string, debitKey: string, creditKey: string, amount: string) {
  const response = await admin.post('/api/books/entries', {
    book: 'scheme',
    valueDate,
    narration,
    lines: [
      { accountId: await accountId(debitKey), debit: amount },
      { accountId: await accountId(creditKey), credit: amount },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function loanFor(userId: string, productId: string): Promise<string> {
  const loanId: string = (await admin.post('/api/loans', { productId, amount: '120,000', months: '12', purpose: 'Rent', userId })).json().loan.id;
  expect((await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' })).statusCode).toBe(200);
  expect((await admin.post(`/api/loans/${loanId}/disbursement`, {})).statusCode).toBe(201);
  return loanId;
}

async function setUp() {
  if (shares) return;
  shares = await newProduct(db(), { name: 'Shares', kind: 'shares', code: '3010' });
  people.a = (await addStaff(admin, { name: 'Ada Member' })).userId;
  people.b = (await addStaff(admin, { name: '=Bayo Member' })).userId;
  await depositInto(db(), people.a, ORDINARY_SAVINGS_PRODUCT_ID, 10_000_000, '2026-01-01');
  await depositInto(db(), people.a, ORDINARY_SAVINGS_PRODUCT_ID, 5_000_000, '2026-07-01');
  await depositInto(db(), people.b, shares, 2_000_000, '2025-12-15');
  await depositInto(db(), people.b, shares, 1_000_000, '2026-04-15');
  await entry('2025-06-30', 'Interest on loans, 2025', 'scheme.bank', 'scheme.interest_income', '500,000');
  await entry('2025-09-30', 'Bank charges, 2025', 'scheme.bank_charges', 'scheme.bank', '20,000');
  await entry('2026-06-30', 'Interest on loans, 2026', 'scheme.bank', 'scheme.interest_income', '2,000,000');
  await entry('2026-09-30', 'Bank charges, 2026', 'scheme.bank_charges', 'scheme.bank', '100,000');

  const created = await admin.post('/api/year-end/runs', {
    year: 2026,
    reserveKobo: 50_000_000,
    dividend: { rateBp: 1000, method: 'prorated_months' },
    interest: [{ productId: ORDINARY_SAVINGS_PRODUCT_ID, rateBp: 200, method: 'average_daily' }],
    educationFundKobo: 5_000_000,
    welfareFundKobo: 0,
  });
  expect(created.statusCode, created.body).toBe(201);
  const runId: string = created.json().id;
  expect((await admin.post(`/api/year-end/runs/${runId}/approve`)).statusCode).toBe(200);
  const posted = await admin.post(`/api/year-end/runs/${runId}/post`);
  expect(posted.statusCode, posted.body).toBe(201);

  // 2027: loans disbursed 10 January, ₦11,200 a month (₦10,000 principal + ₦1,200 interest) due from 28 February.
  const rules = { method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', feeKind: 'none', guarantorsRequired: '0' };
  const product: string = (await admin.post('/api/loan-products', { ...rules, name: 'Staff Loan' })).json().product.id;
  people.tola = (await addStaff(admin, { name: 'Tola Treasurer' })).userId;
  people.late = (await addStaff(admin, { name: 'Late Payer' })).userId;
  await deposit(admin, people.tola, '100,000');
  await deposit(admin, people.late, '100,000');
  loans.tola = await loanFor(people.tola, product);
  loans.late = await loanFor(people.late, product);
  // Tola is made the scheme's treasurer (an admin) while she owes it.
  await db().execute(sql`update users set role = 'admin', staff_id = null where id = ${people.tola}`);
  clock = new Date('2027-06-15T10:00:00+01:00');
  // Late Payer pays February and March on 30 April: April and May are overdue on 15 June.
  expect((await admin.post(`/api/loans/${loans.late}/repayments`, { amount: '22,400', valueDate: '2027-04-30' })).statusCode).toBe(201);
}

describe('the AGM pack', () => {
  it('answers the year’s figures, last year beside them, and the posted run’s lines', async () => {
    await setUp();
    let response: Awaited<ReturnType<typeof admin.get>> | undefined;
    await expectNoRowsWritten(db(), async () => {
      response = await admin.get('/api/year-end/pack?year=2026');
    });
    expect(response!.statusCode, response!.body).toBe(200);
    const pack = response!.json();
    expect(pack).toMatchObject({ year: 2026, from: '2026-01-01', to: '2026-12-31', state: 'open' });
    expect(pack.incomeAndExpenditure).toEqual({
      lastYear: { year: 2025, from: '2025-01-01', to: '2025-12-31' },
      income: [{ accountId: expect.any(String), code: '4000', name: 'Interest income', thisYearKobo: 200_000_000, lastYearKobo: 50_000_000 }],
      expenditure: [{ accountId: expect.any(String), code: expect.any(String), name: 'Bank charges', thisYearKobo: 10_000_000, lastYearKobo: 2_000_000 }],
      incomeKobo: { thisYearKobo: 200_000_000, lastYearKobo: 50_000_000 },
      expenditureKobo: { thisYearKobo: 10_000_000, lastYearKobo: 2_000_000 },
      surplusKobo: { thisYearKobo: 190_000_000, lastYearKobo: 48_000_000 },
    });
    // Bank: ₦150,000 + ₦30,000 saved, ₦2,500,000 income, ₦120,000 charges. Savings: ₦150,000 + the ₦2,504.11 and ₦2,666.67 paid.
    // Equity: shares ₦30,000, reserve ₦500,000, education ₦50,000, Surplus −₦555,170.78 (what the run paid out of it), surplus to date ₦2,380,000.
    expect(pack.balanceSheet).toMatchObject({
      asOf: '2026-12-31',
      totalAssetsKobo: 256_000_000,
      totalLiabilitiesKobo: 15_517_078,
      surplusToDateKobo: 238_000_000,
      totalEquityKobo: 240_482_922,
    });
    expect(pack.appropriationMissing).toBeNull();
    expect(pack.appropriation.source).toBe('posted');
    expect(pack.appropriation.run).toMatchObject({ status: 'posted', surplusKobo: 190_000_000, reserveKobo: 50_000_000, educationFundKobo: 5_000_000, carriedForwardKobo: 134_482_922 });
    expect(pack.appropriation.totals).toEqual({ appropriatedKobo: 517_078, grossKobo: 517_078, taxKobo: 0, netKobo: 517_078, roundingKobo: 0 });
    expect(pack.schedule.map((line: Record<string, unknown>) => [line.name, line.part === 'dividend' ? 'dividend' : 'interest', line.basisKobo, line.grossKobo, line.netKobo])).toEqual([
      ['=Bayo Member', 'dividend', 2_666_667, 266_667, 266_667],
      ['Ada Member', 'interest', 12_520_548, 250_411, 250_411],
    ]);
    expect(pack.productTotals).toEqual({
      asOf: '2026-12-31',
      products: [
        { productId: shares, productName: 'Shares', kind: 'shares', holders: 1, balanceKobo: 3_000_000, retired: false },
        // Tola's and Late Payer's ₦100,000 were saved in 2027: not in the year.
        { productId: ORDINARY_SAVINGS_PRODUCT_ID, productName: 'Ordinary savings', kind: 'ordinary', holders: 2, balanceKobo: 15_517_078, retired: false },
      ],
      sharesKobo: 3_000_000,
      savingsKobo: 15_517_078,
      totalKobo: 18_517_078,
    });
  });

  it('lists every officer with their loans, and the loans by status with arrears aged', async () => {
    await setUp();
    const pack = (await admin.get('/api/year-end/pack?year=2026')).json();
    const tola = pack.officers.find((officer: { userId: string }) => officer.userId === people.tola);
    expect(tola).toEqual({
      userId: people.tola,
      name: 'Tola Treasurer',
      staffId: null,
      role: 'admin',
      active: true,
      loans: [
        {
          loanId: loans.tola,
          productName: 'Staff Loan',
          status: 'active',
          principalKobo: 12_000_000,
          disbursedOn: '2027-01-10',
          outstandingPrincipalKobo: 12_000_000,
          outstandingTotalKobo: 13_440_000,
          // February to May unpaid: 4 × ₦11,200; 28 February to 15 June is 107 days.
          arrears: { amountOverdue: 4_480_000, daysInArrears: 107, instalmentsOverdue: 4 },
        },
      ],
    });
    // The signed-in admin has no loan; members and Late Payer are no officers.
    expect(pack.officers.find((officer: { userId: string }) => officer.userId === admin.userId)).toMatchObject({ loans: [] });
    expect(pack.officers.map((officer: { userId: string }) => officer.userId)).not.toContain(people.late);
    expect(pack.loans.asOf).toBe('2027-06-15');
    expect(pack.loans.byStatus.find((row: { status: string }) => row.status === 'active')).toEqual({
      status: 'active', label: 'Disbursed', count: 2, principalKobo: 24_000_000, outstandingPrincipalKobo: 22_000_000,
    });
    expect(pack.loans.ageing).toEqual([
      // Late Payer owes April and May: 30 April to 15 June is 46 days.
      { label: '1–30 days', fromDays: 1, toDays: 30, loanCount: 0, overdueKobo: 0, outstandingPrincipalKobo: 0 },
      { label: '31–60 days', fromDays: 31, toDays: 60, loanCount: 1, overdueKobo: 2_240_000, outstandingPrincipalKobo: 10_000_000 },
      { label: '61–90 days', fromDays: 61, toDays: 90, loanCount: 0, overdueKobo: 0, outstandingPrincipalKobo: 0 },
      { label: '91–180 days', fromDays: 91, toDays: 180, loanCount: 1, overdueKobo: 4_480_000, outstandingPrincipalKobo: 12_000_000 },
      { label: 'Over 180 days', fromDays: 181, toDays: null, loanCount: 0, overdueKobo: 0, outstandingPrincipalKobo: 0 },
    ]);
    expect(pack.loans.arrearsCount).toBe(2);
    expect(pack.loans.arrearsKobo).toBe(6_720_000);
  });

  it('says why a year without an approved run has no appropriation', async () => {
    await setUp();
    const pack = (await admin.get('/api/year-end/pack?year=2025')).json();
    expect(pack.appropriation).toBeNull();
    expect(pack.appropriationMissing).toBe('No year-end run has been proposed for 2025 yet.');
    expect(pack.schedule).toEqual([]);
    expect(pack.incomeAndExpenditure.surplusKobo).toEqual({ thisYearKobo: 48_000_000, lastYearKobo: 0 });
  });

  it('downloads one workbook, a sheet per part, amounts in naira and names as text', async () => {
    await setUp();
    const response = await admin.get('/api/year-end/pack.xlsx?year=2026');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="agm-pack-2026.xlsx"');
    // The project's reader takes the first sheet, as an upload is read.
    const first = (await readSheetTable(response.rawPayload, { maxRows: 100, messages: { tooManyRows: 'too many rows' } })).map((row) => row.cells);
    expect(first).toEqual([
      ['Code', 'Account', '2026-01-01 to 2026-12-31', '2025-01-01 to 2025-12-31'],
      ['', 'Income'],
      ['4000', 'Interest income', 2_000_000, 500_000],
      ['', 'Total income', 2_000_000, 500_000],
      ['', 'Expenditure'],
      [expect.any(String), 'Bank charges', 100_000, 20_000],
      ['', 'Total expenditure', 100_000, 20_000],
      ['', 'Surplus (deficit below ₦0)', 1_900_000, 480_000],
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Income and expenditure', 'Balance sheet', 'Appropriation', 'Dividend and interest', 'Loans to officers', 'Savings and shares', 'Loans by status', 'Arrears ageing',
    ]);
    const schedule = workbook.getWorksheet('Dividend and interest')!;
    const bayo = schedule.getRows(2, schedule.rowCount - 1)!.find((row) => row.getCell(1).value === '=Bayo Member')!;
    // A name starting with "=" is a text cell, never a formula; the net is a number in naira.
    expect(bayo.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(bayo.getCell(9).value).toBe(2_666.67);
    const officers = workbook.getWorksheet('Loans to officers')!;
    const tola = officers.getRows(2, officers.rowCount - 1)!.find((row) => row.getCell(1).value === 'Tola Treasurer')!;
    expect([tola.getCell(4).value, tola.getCell(5).value, tola.getCell(7).value, tola.getCell(8).value, tola.getCell(10).value, tola.getCell(11).value]).toEqual(['Staff Loan', 'Disbursed', 120_000, 120_000, 44_800, 107]);
  });

  it('is read by the auditor, refused to members, and refuses a bad year with a 400', async () => {
    await setUp();
    const auditor = await ctx.signedIn('auditor');
    expect((await auditor.get('/api/year-end/pack?year=2026')).statusCode).toBe(200);
    const staff = await ctx.signedIn('staff');
    expect((await staff.get('/api/year-end/pack?year=2026')).statusCode).toBe(403);
    for (const year of ['abc', '1999', '2026.5', '']) expect((await admin.get(`/api/year-end/pack?year=${year}`)).statusCode).toBe(400);
    expect((await admin.get('/api/year-end/pack')).statusCode).toBe(400);
  });
});
