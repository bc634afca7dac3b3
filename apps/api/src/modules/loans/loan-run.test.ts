import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, balanceOf, deposit, expectNoLedgerDrift, openSavingsContext } from '../savings/savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
// Loans are disbursed on 10 June 2026; the July run is prepared on 5 August, valued on payday, Friday 31 July.
const DISBURSED = new Date('2026-06-10T09:00:00Z');
const RUN_DAY = new Date('2026-08-05T09:00:00Z');
let now = RUN_DAY;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => now,
);

let productId = '';
let payAheadProductId = '';
beforeAll(async () => {
  const rules = { method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', feeKind: 'none', guarantorsRequired: '0' };
  // The rule these figures were worked with; the default pays the next instalments in advance (its own test below).
  productId = (await admin.post('/api/loan-products', { ...rules, name: 'Run Loan', earlyPayment: 'reduce_term' })).json().product.id;
  payAheadProductId = (await admin.post('/api/loan-products', { ...rules, name: 'Run Ahead Loan' })).json().product.id;
});

/**
 * A member with ₦100,000 saved and a ₦120,000 loan over 12 months at 12% flat, disbursed on 10
 * June: ₦11,200 a month (₦10,000 principal + ₦1,200 interest), the first due from 1 July.
 */
async function borrower(name: string, product = productId) {
  now = DISBURSED;
  const staff = await addStaff(admin, { name });
  await deposit(admin, staff.userId, '100,000');
  const loanId = (await admin.post('/api/loans', { productId: product, amount: '120,000', months: '12', purpose: 'Rent', userId: staff.userId })).json().loan.id;
  await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' });
  expect((await admin.post(`/api/loans/${loanId}/disbursement`, {})).statusCode).toBe(201);
  now = RUN_DAY;
  return { ...staff, staffId: staff.staffId as string, loanId };
}

const loanOf = async (loanId: string) => (await admin.get(`/api/loans/${loanId}`)).json().loan;
const runFor = (month: string, rows: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({ month, rows, ...extra });

describe('the run lists what loans have due', () => {
  it("shows each member's instalment due beside their contribution, in the Prepare step and the template", async () => {
    const ada = await borrower('Ada Prepare');
    const prepared = (await admin.get('/api/savings/runs/prepare?month=2026-07')).json();
    expect(prepared.valueDate).toBe('2026-07-31');
    const row = prepared.candidates.find((candidate: { userId: string }) => candidate.userId === ada.userId);
    expect(row).toMatchObject({ loanDueKobo: 1_120_000, balanceKobo: 10_000_000 });

    // Due from the start of its month, summed in the database (issue 30): nothing in June (the first
    // instalment falls in July), July's ₦11,200 by 31 July, July's and August's ₦22,400 by 31 August.
    const dueIn = async (month: string) =>
      (await admin.get(`/api/savings/runs/prepare?month=${month}`)).json().candidates.find((candidate: { userId: string }) => candidate.userId === ada.userId)?.loanDueKobo;
    expect([await dueIn('2026-06'), await dueIn('2026-08')]).toEqual([0, 2_240_000]);

    const template = await admin.get('/api/savings/batches/template?month=2026-07');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Staff ID', 'Name', 'Email', 'Ordinary savings', 'Loan repayment', 'Description', 'Type']);
    const line = sheet?.getRows(2, sheet.rowCount - 1)?.find((candidate) => candidate.getCell(1).value === ada.staffId);
    expect(line?.getCell(5).value).toBe(11_200);
  });
});

describe('reviewing rows with a loan repayment', () => {
  it('judges each repayment against the member’s loans on the value date, naming the problem on the row', async () => {
    const ada = await borrower('Ada Review');
    const plain = await addStaff(admin, { name: 'No Loan Review' });
    const review = (
      await admin.post(
        '/api/savings/batches/review',
        runFor('2026-07', [
          { ref: ada.staffId, amount: '15,000', loanRepayment: '11,200' },
          { ref: plain.staffId, amount: '5,000', loanRepayment: '1,000' },
          { ref: ada.email, amount: '', loanRepayment: 'lots' },
          // On 31 July ₦11,200 is due and ₦110,000 of principal is ahead: ₦121,200 at most.
          { ref: ada.email, amount: '1', loanRepayment: '121,200.01' },
        ]),
      )
    ).json();
    expect(review.rows.map((row: { status: string; reason: string | null; loanRepaymentKobo: number | null; loanDueKobo: number | null }) => [row.status, row.reason, row.loanRepaymentKobo, row.loanDueKobo])).toEqual([
      ['refused', MESSAGES.rowDuplicate, 1_120_000, 1_120_000],
      ['refused', 'There is no active loan to repay', 100_000, 0],
      ['refused', 'Please enter a valid loan repayment', null, 1_120_000],
      ['refused', MESSAGES.rowDuplicate, 12_120_001, 1_120_000],
    ]);
    const alone = (await admin.post('/api/savings/batches/review', runFor('2026-07', [{ ref: ada.staffId, amount: '1', loanRepayment: '121,200.01' }]))).json();
    expect(alone.rows[0].reason).toBe("This repayment is more than the ₦121,200.00 this member's loans can take");
    const fine = (await admin.post('/api/savings/batches/review', runFor('2026-07', [{ ref: ada.staffId, amount: '15,000', loanRepayment: '11,200' }]))).json();
    expect(fine).toMatchObject({ readyCount: 1, refusedCount: 0, depositKobo: 1_500_000, loanRepaymentKobo: 1_120_000 });
  });

  it('refuses a withdrawal row that would take what loans hold', async () => {
    const ada = await borrower('Ada Lien Row');
    // ₦100,000 saved, ₦60,000 held (₦120,000 ÷ 2): ₦40,000 is free.
    const review = (await admin.post('/api/savings/batches/review', runFor('2026-07', [{ ref: ada.staffId, amount: '40,000.01', type: 'withdrawal' }]))).json();
    expect(review.rows[0]).toMatchObject({ status: 'refused', reason: 'Insufficient available balance: ₦60,000.00 is held against a loan', heldKobo: 6_000_000 });
  });
});

describe('posting a run with repayments', () => {
  it('posts contributions and repayments together, or nothing when one row is refused', async () => {
    const ada = await borrower('Ada Post');
    const bola = await borrower('Bola Post');
    const saver = await addStaff(admin, { name: 'Saver Post' });
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const refused = await admin.post(
        '/api/savings/batches',
        runFor('2026-07', [
          { ref: ada.staffId, amount: '15,000', loanRepayment: '11,200' },
          { ref: saver.staffId, amount: '5,000', loanRepayment: '100' },
        ]),
      );
      expect(refused.json()).toEqual({ error: 'BATCH_NOT_READY', message: MESSAGES.batchNotReady });
    });

    const posted = await admin.post(
      '/api/savings/batches',
      runFor('2026-07', [
        { ref: ada.staffId, amount: '15,000', loanRepayment: '11,200' },
        // Only a repayment this month: no contribution.
        { ref: bola.staffId, amount: '', loanRepayment: '11,200' },
        { ref: saver.staffId, amount: '5,000' },
      ]),
      { 'idempotency-key': 'july-run-with-loans' },
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const { batch } = posted.json();
    expect(batch).toMatchObject({ rowCount: 3, depositKobo: 2_000_000, withdrawalKobo: 0, loanRepaymentKobo: 2_240_000 });
    // A retry answers the same batch and posts nothing more.
    const retried = await admin.post(
      '/api/savings/batches',
      runFor('2026-07', [
        { ref: ada.staffId, amount: '15,000', loanRepayment: '11,200' },
        { ref: bola.staffId, amount: '', loanRepayment: '11,200' },
        { ref: saver.staffId, amount: '5,000' },
      ]),
      { 'idempotency-key': 'july-run-with-loans' },
    );
    expect(retried.json().batch.id).toBe(batch.id);

    expect(await balanceOf(admin, ada.staffId)).toBe(11_500_000);
    expect(await balanceOf(admin, bola.staffId)).toBe(10_000_000);
    for (const loanId of [ada.loanId, bola.loanId]) {
      const loan = await loanOf(loanId);
      expect(loan.ledger.instalments[0]).toMatchObject({ principalPaid: 1_000_000, interestPaid: 120_000 });
      expect(loan.ledger.outstandingPrincipalKobo).toBe(11_000_000);
      expect(loan.ledger.entries.at(-1)).toMatchObject({ type: 'repayment', amountKobo: 1_120_000, valueDate: '2026-07-31', batchId: batch.id });
    }
    const detail = (await admin.get(`/api/savings/batches/${batch.id}`)).json();
    expect(detail.repayments).toEqual([
      { loanId: ada.loanId, productName: 'Run Loan', userId: ada.userId, name: 'Ada Post', staffId: ada.staffId, amountKobo: 1_120_000, reversedById: null },
      { loanId: bola.loanId, productName: 'Run Loan', userId: bola.userId, name: 'Bola Post', staffId: bola.staffId, amountKobo: 1_120_000, reversedById: null },
    ]);
    expect(detail.postings).toHaveLength(2);
    await expectNoLedgerDrift(ctx);
  });

  it("pays instalment 1 with a deduction posted before it falls due, waiving nothing (issue 26)", async () => {
    // June's run, valued on 30 June: the loan paid out on 10 June has its first instalment due on 31 July.
    const ada = await borrower('Ada Ahead', payAheadProductId);
    const posted = await admin.post('/api/savings/batches', runFor('2026-06', [{ ref: ada.staffId, amount: '', loanRepayment: '11,200' }], { valueDate: '2026-06-30' }));
    expect(posted.statusCode, posted.body).toBe(201);
    const loan = await loanOf(ada.loanId);
    expect(loan.ledger.entries.at(-1).allocation).toEqual({ fee: 0, lines: [{ number: 1, interest: 120_000, principal: 1_000_000, interestWaived: 0 }] });
    expect(loan.ledger.instalments[11]).toMatchObject({ principalPaid: 0, interestWaived: 0 });
    expect(loan.ledger.outstandingTotalKobo).toBe(12_320_000);
  });

  it('reads the Loan Repayment column from payroll’s file', async () => {
    const ada = await borrower('Ada File');
    const csv = Buffer.from(`Staff ID,Amount,Loan Repayment\n${ada.staffId},"15,000","11,200"\n`);
    const read = await admin.request('POST', '/api/savings/batches/file', csv, { 'content-type': 'application/octet-stream', 'x-file-name': 'july.csv' });
    expect(read.json().rows).toEqual([{ ref: ada.staffId, amount: '15,000', description: null, type: null, loanRepayment: '11,200', sourceRow: 2 }]);
  });
});

describe('reversing a run with repayments', () => {
  it("marks a repayment reversed on its own, from the loan's page, Reversed in its batch's detail and export", async () => {
    const ada = await borrower('Ada Alone');
    const bola = await borrower('Bola Alone');
    const posted = await admin.post(
      '/api/savings/batches',
      runFor('2026-04', [
        { ref: ada.staffId, amount: '15,000', loanRepayment: '11,200' },
        { ref: bola.staffId, amount: '15,000', loanRepayment: '11,200' },
      ], { valueDate: '2026-07-31' }),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const batchId = posted.json().batch.id;
    const adaEntry = (await loanOf(ada.loanId)).ledger.entries.at(-1);
    const undone = await admin.post(`/api/loans/entries/${adaEntry.id}/reversal`, { reason: 'Ada paid at the bank instead' });
    expect(undone.statusCode, undone.body).toBe(201);
    const undoneId = undone.json().loan.ledger.entries.at(-1).id;

    const detail = (await admin.get(`/api/savings/batches/${batchId}`)).json();
    expect(detail.batch.status).toBe('posted');
    expect(detail.repayments.map((row: { name: string; reversedById: string | null }) => [row.name, row.reversedById])).toEqual([
      ['Ada Alone', undoneId],
      ['Bola Alone', null],
    ]);
    const exported = await admin.get(`/api/savings/batches/${batchId}/export`);
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.worksheets[0]?.getSheetValues().slice(2) as unknown[][];
    expect(rows.filter((row) => row[3] === 'Loan repayment').map((row) => [row[2], row[4], row[7]])).toEqual([
      ['Ada Alone', 11_200, 'Reversed'],
      ['Bola Alone', 11_200, 'Posted'],
    ]);
  });

  it('undoes its repayments with its savings, unless a later repayment stands on one of the loans', async () => {
    const ada = await borrower('Ada Reverse');
    const posted = await admin.post('/api/savings/batches', runFor('2026-05', [{ ref: ada.staffId, amount: '15,000', loanRepayment: '11,200' }], { valueDate: '2026-07-31' }));
    expect(posted.statusCode, posted.body).toBe(201);
    const batchId = posted.json().batch.id;
    // A repayment typed afterwards, for August.
    const later = await admin.post(`/api/loans/${ada.loanId}/repayments`, { amount: '11,200', valueDate: '2026-08-05' });
    expect(later.statusCode).toBe(201);
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const refused = await admin.post(`/api/savings/batches/${batchId}/reversal`, { reason: 'Wrong month' });
      expect(refused.json()).toEqual({ error: 'LOAN_REVERSAL_REFUSED', message: 'A later repayment on this loan must be reversed first' });
    });
    const laterEntry = (await loanOf(ada.loanId)).ledger.entries.at(-1);
    expect((await admin.post(`/api/loans/entries/${laterEntry.id}/reversal`, { reason: 'Typed twice' })).statusCode).toBe(201);

    const reversed = await admin.post(`/api/savings/batches/${batchId}/reversal`, { reason: 'Wrong month' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const loan = await loanOf(ada.loanId);
    expect(loan.ledger.instalments[0]).toMatchObject({ principalPaid: 0, interestPaid: 0 });
    expect(loan.ledger.outstandingPrincipalKobo).toBe(12_000_000);
    expect(loan.ledger.entries.map((entry: { type: string; reversesId: string | null; reversedById: string | null }) => [entry.type, entry.reversesId !== null, entry.reversedById !== null])).toEqual([
      ['disbursement', false, false],
      ['repayment', false, true],
      ['repayment', false, true],
      ['repayment', true, false],
      ['repayment', true, false],
    ]);
    expect(await balanceOf(admin, ada.staffId)).toBe(10_000_000);
    await expectNoLedgerDrift(ctx);
  });
});
