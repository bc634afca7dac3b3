import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInClient, TestClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
// Loans are disbursed on 10 June 2026; the clock then moves to 15 September.
const DISBURSED = new Date('2026-06-10T09:00:00Z');
const LATER = new Date('2026-09-15T09:00:00Z');
let now = DISBURSED;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => now,
);

let productId = '';
let guaranteedProductId = '';
beforeAll(async () => {
  const rules = { method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', feeKind: 'none' };
  productId = (await admin.post('/api/loan-products', { ...rules, name: 'Portfolio Loan', guarantorsRequired: '0' })).json().product.id;
  guaranteedProductId = (await admin.post('/api/loan-products', { ...rules, name: 'Portfolio Guaranteed', guarantorsRequired: '1' })).json().product.id;
});

async function signInAs(email: string): Promise<TestClient> {
  const client = ctx.client();
  await client.post('/api/auth/sign-in', { email, password: 'secret1' });
  return client;
}

/**
 * A ₦120,000 loan over 12 months at 12% flat, disbursed on 10 June: instalments of ₦11,200
 * (₦10,000 principal + ₦1,200 interest) due from the month after: 31 July, 31 August, 30 September, …
 */
async function disbursedLoan(name: string) {
  now = DISBURSED;
  const staff = await addStaff(admin, { name });
  await deposit(admin, staff.userId, '100,000');
  const loanId = (await admin.post('/api/loans', { productId, amount: '120,000', months: '12', purpose: 'Rent', userId: staff.userId })).json().loan.id;
  await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' });
  expect((await admin.post(`/api/loans/${loanId}/disbursement`, {})).statusCode).toBe(201);
  return { ...staff, loanId };
}

describe('the portfolio and the arrears list', () => {
  it('sums what is lent, repaid and overdue, and lists the loans in arrears, most days first', async () => {
    const late = await disbursedLoan('Late Payer');
    const prompt = await disbursedLoan('Prompt Payer');
    const partly = await disbursedLoan('Partly Late');
    now = LATER;
    // Prompt paid July to September (3 × ₦11,200: September's is due from the 1st); Partly paid July only.
    expect((await admin.post(`/api/loans/${prompt.loanId}/repayments`, { amount: '33,600', valueDate: '2026-09-01' })).statusCode).toBe(201);
    expect((await admin.post(`/api/loans/${partly.loanId}/repayments`, { amount: '11,200', valueDate: '2026-09-14' })).statusCode).toBe(201);

    let portfolio: unknown;
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      portfolio = (await admin.get('/api/loans/portfolio')).json().portfolio;
    });
    expect(portfolio).toEqual({
      activeCount: 3,
      // ₦360,000 lent, ₦30,000 + ₦10,000 principal repaid.
      outstandingPrincipalKobo: 32_000_000,
      // Nothing was disbursed in September; both repayments were.
      disbursedThisMonthKobo: 0,
      repaidThisMonthKobo: 4_480_000,
      // Late owes July and August (2 × ₦11,200); Partly owes August (₦11,200).
      arrearsCount: 2,
      arrearsKobo: 3_360_000,
      asOf: '2026-09-15',
    });

    const arrears = (await admin.get('/api/loans/arrears')).json().arrears;
    expect(arrears).toEqual([
      {
        loanId: late.loanId,
        borrower: { userId: late.userId, name: 'Late Payer', staffId: late.staffId },
        productName: 'Portfolio Loan',
        principalKobo: 12_000_000,
        amountOverdueKobo: 2_240_000,
        instalmentsOverdue: 2,
        // 31 July to 15 September: 1 September is the 32nd day after it, the 15th the 46th.
        daysInArrears: 46,
        oldestDueDate: '2026-07-31',
      },
      {
        loanId: partly.loanId,
        borrower: { userId: partly.userId, name: 'Partly Late', staffId: partly.staffId },
        productName: 'Portfolio Loan',
        principalKobo: 12_000_000,
        amountOverdueKobo: 1_120_000,
        instalmentsOverdue: 1,
        daysInArrears: 15,
        oldestDueDate: '2026-08-31',
      },
    ]);
  });
});

describe("one loan's review", () => {
  it("shows the borrower's savings, what is held, the multiple and their other loans", async () => {
    const first = await disbursedLoan('Two Loans');
    const second = (await admin.post('/api/loans', { productId, amount: '10,000', months: '6', purpose: 'Phone', userId: first.userId })).json().loan.id;
    const detail = (await admin.get(`/api/loans/${second}`)).json();
    expect(detail.loan).toMatchObject({ id: second, status: 'awaiting_approval', principalKobo: 1_000_000 });
    expect(detail.eligibility).toEqual({
      balanceKobo: 10_000_000,
      // ₦120,000 outstanding ÷ 2.
      heldKobo: 6_000_000,
      savingsMultiple: 200,
      maxBySavingsKobo: 20_000_000,
      otherLoans: [{ id: first.loanId, productName: 'Portfolio Loan', status: 'active', principalKobo: 12_000_000, outstandingPrincipalKobo: 12_000_000 }],
    });
  });

  it('is 404 for an unknown loan and 400 for something that is not an id', async () => {
    expect((await admin.get('/api/loans/00000000-0000-4000-8000-000000000000')).json()).toEqual({ error: 'LOAN_NOT_FOUND', message: 'Loan not found' });
    expect((await admin.get('/api/loans/%00')).statusCode).toBe(400);
    expect((await admin.get('/api/loans/not-a-loan')).statusCode).toBe(400);
  });
});

describe('guarantor candidates', () => {
  it('lists active savings holders by name or staff ID, never the one asking, with no balances', async () => {
    now = DISBURSED;
    const asker = await addStaff(admin, { name: 'Asker Candidate', email: 'asker.candidate@kobo.test', password: 'secret1' });
    const colleague = await addStaff(admin, { name: 'Chioma Candidate' });
    await deposit(admin, colleague.userId, '1,000');
    const inactive = await addStaff(admin, { name: 'Gone Candidate' });
    await deposit(admin, inactive.userId, '1,000');
    await deposit(admin, asker.userId, '1,000');
    expect((await admin.post(`/api/users/${inactive.userId}/deactivate`, {})).statusCode).toBe(200);

    const client = await signInAs('asker.candidate@kobo.test');
    const found = (await client.get('/api/loans/guarantor-candidates?q=candidate')).json().candidates;
    expect(found).toEqual([{ userId: colleague.userId, name: 'Chioma Candidate', staffId: colleague.staffId }]);
    const byStaffId = (await client.get(`/api/loans/guarantor-candidates?q=${colleague.staffId}`)).json().candidates;
    expect(byStaffId).toEqual([{ userId: colleague.userId, name: 'Chioma Candidate', staffId: colleague.staffId }]);
    // A % is a percent sign, not a wildcard.
    expect((await client.get('/api/loans/guarantor-candidates?q=%25')).json().candidates).toEqual([]);
    // An officer applying for the asker leaves the asker out.
    const forAsker = (await admin.get(`/api/loans/guarantor-candidates?q=candidate&userId=${asker.userId}`)).json().candidates;
    expect(forAsker).toEqual([{ userId: colleague.userId, name: 'Chioma Candidate', staffId: colleague.staffId }]);
    expect((await client.get(`/api/loans/guarantor-candidates?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });
});

describe('exports', () => {
  it("writes a loan's statement: the ledger with the principal owed after each entry, and the schedule", async () => {
    const loan = await disbursedLoan('Statement Holder');
    now = LATER;
    await admin.post(`/api/loans/${loan.loanId}/repayments`, { amount: '11,200', valueDate: '2026-07-01' });
    const response = await admin.get(`/api/loans/${loan.loanId}/statement/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="loan-statement-${loan.staffId}-${loan.loanId.slice(0, 8)}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const ledger = workbook.getWorksheet('Ledger');
    expect(ledger?.getRow(1).values).toEqual([undefined, 'Value Date', 'Entry', 'Amount', 'Fee Paid', 'Interest Paid', 'Principal Paid', 'Principal Owed', 'Recorded By', 'Recorded']);
    expect(ledger?.getRow(2).getCell(2).value).toBe(`Portfolio Loan: Statement Holder (${loan.staffId})`);
    expect([3, 4].map((row) => [2, 3, 4, 5, 6, 7].map((cell) => ledger?.getRow(row).getCell(cell).value))).toEqual([
      ['Disbursement', 120_000, null, null, null, 120_000],
      ['Repayment', 11_200, 0, 1_200, 10_000, 110_000],
    ]);
    const schedule = workbook.getWorksheet('Schedule');
    expect(schedule?.rowCount).toBe(13);
    expect([2, 3].map((row) => [1, 3, 4, 5, 6, 8].map((cell) => schedule?.getRow(row).getCell(cell).value))).toEqual([
      [1, 10_000, 1_200, 11_200, 11_200, 0],
      [2, 10_000, 1_200, 11_200, 0, 11_200],
    ]);
  });

  it("gives a borrower their own loan's statement, and anyone else's as not found", async () => {
    const loan = await disbursedLoan('Own Statement');
    const other = await addStaff(admin, { email: 'not.the.borrower@kobo.test', password: 'secret1' });
    const borrower = await signInAs(loan.email);
    expect((await borrower.get(`/api/loans/${loan.loanId}/statement/export`)).statusCode).toBe(200);
    expect(other.userId).toBeTruthy();
    const stranger = await signInAs('not.the.borrower@kobo.test');
    expect((await stranger.get(`/api/loans/${loan.loanId}/statement/export`)).json()).toEqual({ error: 'LOAN_NOT_FOUND', message: 'Loan not found' });
  });

  it('writes the loans list as filtered, one row per loan', async () => {
    await disbursedLoan('Listed Borrower');
    const response = await admin.get('/api/loans/export?q=Listed%20Borrower');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Loans');
    expect(sheet?.rowCount).toBe(2);
    expect([1, 3, 4, 5, 6, 7, 8, 11].map((cell) => sheet?.getRow(2).getCell(cell).value)).toEqual([
      'Listed Borrower',
      'Portfolio Loan',
      'Disbursed',
      120_000,
      12,
      'Flat',
      12,
      120_000,
    ]);
  });
});

describe('a guaranteed loan in the detail', () => {
  it("lists the guarantor's answer", async () => {
    now = DISBURSED;
    const guarantor = await addStaff(admin, { name: 'Guarantor Detail' });
    await deposit(admin, guarantor.userId, '100,000');
    const borrower = await addStaff(admin);
    await deposit(admin, borrower.userId, '100,000');
    const loanId = (
      await admin.post('/api/loans', { productId: guaranteedProductId, amount: '50,000', months: '6', purpose: 'Car', userId: borrower.userId, guarantors: [guarantor.userId] })
    ).json().loan.id;
    const detail = (await admin.get(`/api/loans/${loanId}`)).json();
    expect(detail.loan.guarantors).toEqual([{ userId: guarantor.userId, name: 'Guarantor Detail', staffId: guarantor.staffId, amountKobo: 5_000_000, status: 'pending' }]);
  });
});
