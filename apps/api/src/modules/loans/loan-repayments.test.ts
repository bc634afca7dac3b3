import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';
import { createFlatLoanProduct } from './loan-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
// Loans are disbursed on 15 November 2026; repayments are typed on 28 December (payday).
const DISBURSED = new Date('2026-11-15T09:00:00Z');
const PAYDAY = new Date('2026-12-28T09:00:00Z');
let now = DISBURSED;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => now,
);

const products: Record<'reduceTerm' | 'refuse', string> = { reduceTerm: '', refuse: '' };
beforeAll(async () => {
  for (const [kind, overpayment] of [['reduceTerm', 'reduce_term'], ['refuse', 'refuse']] as const) {
    products[kind] = await createFlatLoanProduct(admin, `Repay ${kind}`, {
      overpayment,
      // The rule these figures were worked with; the default, paying the next instalments in advance, has its own tests (loan-early-payments.test.ts).
      earlyPayment: 'reduce_term',
    });
  }
});

/**
 * An active ₦120,000 loan over 12 months at 12% flat with a ₦1,000 fee, disbursed on 15 November:
 * twelve instalments of ₦10,000 principal + ₦1,200 interest, due at the end of each month from
 * December. The clock is left on payday.
 */
async function activeLoan(product: keyof typeof products = 'reduceTerm'): Promise<string> {
  now = DISBURSED;
  const staff = await addStaff(admin);
  await deposit(admin, staff.userId, '100,000');
  const applied = await admin.post('/api/loans', { productId: products[product], amount: '120,000', months: '12', purpose: 'School fees', userId: staff.userId });
  const loanId = applied.json().loan.id;
  await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' });
  const disbursed = await admin.post(`/api/loans/${loanId}/disbursement`, {});
  expect(disbursed.statusCode, disbursed.body).toBe(201);
  now = PAYDAY;
  return loanId;
}

const repay = (loanId: string, body: Record<string, unknown>, key?: string) =>
  admin.post(`/api/loans/${loanId}/repayments`, body, key ? { 'idempotency-key': key } : {});

describe('a repayment', () => {
  it("pays the fee, then the first instalment's interest, then its principal", async () => {
    const loanId = await activeLoan();
    const response = await repay(loanId, { amount: '12,200' });
    expect(response.statusCode, response.body).toBe(201);
    const { ledger, status } = response.json().loan;
    expect(status).toBe('active');
    expect(ledger).toMatchObject({ feeOutstandingKobo: 0, outstandingPrincipalKobo: 11_000_000, outstandingTotalKobo: 12_320_000 });
    expect(ledger.instalments[0]).toMatchObject({ number: 1, interestPaid: 120_000, principalPaid: 1_000_000, interestWaived: 0 });
    expect(ledger.instalments[1]).toMatchObject({ number: 2, interestPaid: 0, principalPaid: 0 });
    const entry = (await admin.get('/api/audit?kind=loan.repayment')).json().entries[0];
    expect(entry.after).toMatchObject({ amountKobo: 1_220_000, valueDate: '2026-12-28', allocation: { fee: 100_000, lines: [{ number: 1, interest: 120_000, principal: 1_000_000, interestWaived: 0 }] } });
  });

  it('repays the whole loan early, owing no interest for the months it no longer runs, and closes it', async () => {
    const loanId = await activeLoan();
    // Due on payday: the fee ₦1,000 and December's ₦11,200; then the other eleven months' principal, ₦110,000.
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const tooMuch = await repay(loanId, { amount: '122,200.01' });
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json()).toEqual({ error: 'REPAYMENT_REFUSED', message: 'This repayment is more than the ₦122,200.00 outstanding', field: 'amount' });
    });
    const response = await repay(loanId, { amount: '122,200' });
    expect(response.statusCode, response.body).toBe(201);
    const { loan } = response.json();
    expect(loan.status).toBe('repaid');
    expect(loan.ledger).toMatchObject({ outstandingPrincipalKobo: 0, outstandingTotalKobo: 0 });
    expect(loan.ledger.instalments[11]).toMatchObject({ principalPaid: 1_000_000, interestPaid: 0, interestWaived: 120_000 });
    const after = await repay(loanId, { amount: '1' });
    expect(after.json()).toEqual({ error: 'LOAN_NOT_ACTIVE', message: MESSAGES.loanNotActive });
  });

  it('is refused beyond what is due when the product takes no early repayment', async () => {
    const loanId = await activeLoan('refuse');
    const response = await repay(loanId, { amount: '12,200.01' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'REPAYMENT_REFUSED', message: 'This repayment is more than the ₦12,200.00 due; this loan takes no early repayment', field: 'amount' });
    expect((await repay(loanId, { amount: '12,200' })).statusCode).toBe(201);
  });

  it('posts once for a retried request, and never more than is owed when several arrive together', async () => {
    const loanId = await activeLoan();
    const first = await repay(loanId, { amount: '5,000' }, 'repay-once');
    const retry = await repay(loanId, { amount: '5,000' }, 'repay-once');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    // ₦117,200 is left to pay off; five payoffs at once: one fits.
    const answers = await Promise.all(Array.from({ length: 5 }, () => repay(loanId, { amount: '117,200' })));
    expect(answers.map((response) => response.statusCode).toSorted()).toEqual([201, 409, 409, 409, 409]);
    const { loans } = (await admin.get('/api/loans?status=repaid')).json();
    expect(loans.map((loan: { id: string }) => loan.id)).toContain(loanId);
  });

  it('is refused, writing nothing, on a loan not yet paid out, before its disbursement, or for no amount', async () => {
    const loanId = await activeLoan();
    now = DISBURSED;
    const staff = await addStaff(admin);
    await deposit(admin, staff.userId, '10,000');
    const approved = (await admin.post('/api/loans', { productId: products.reduceTerm, amount: '1,000', months: '2', purpose: 'Rent', userId: staff.userId })).json().loan.id;
    await admin.post(`/api/loans/${approved}/decision`, { decision: 'approve' });
    now = PAYDAY;
    const cases: [string, Record<string, unknown>, number, Record<string, unknown>][] = [
      [approved, { amount: '100' }, 409, { error: 'LOAN_NOT_ACTIVE', message: MESSAGES.loanNotActive }],
      [loanId, { amount: '100', valueDate: '2026-11-14' }, 400, { error: 'VALIDATION', message: MESSAGES.repaymentBeforeDisbursement, field: 'valueDate' }],
      [loanId, { amount: '0' }, 400, { error: 'VALIDATION', message: MESSAGES.enterValidAmount, field: 'amount' }],
      [loanId, { amount: '100', valueDate: '2026-12-29' }, 400, { error: 'VALUE_DATE_IN_FUTURE', message: MESSAGES.valueDateInFuture, field: 'valueDate' }],
      // Issue 26: the test template's books start on 1 Jan 2000 (test/database-templates.ts).
      [loanId, { amount: '100', valueDate: '1900-01-01' }, 400, { error: 'VALUE_DATE_BEFORE_BOOKS_START', message: "The value date cannot be before the books' start date, 1 Jan 2000", field: 'valueDate' }],
    ];
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      for (const [id, body, status, answer] of cases) {
        const response = await repay(id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(response.json()).toEqual(answer);
      }
    });
  });
});

describe('a write-off', () => {
  it('closes a defaulted loan with its reason, keeps everything and records what was owed', async () => {
    const loanId = await activeLoan();
    await repay(loanId, { amount: '12,200' });
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const noReason = await admin.post(`/api/loans/${loanId}/write-off`, { reason: '  ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json()).toEqual({ error: 'VALIDATION', message: MESSAGES.writeOffReasonRequired, field: 'reason' });
    });
    const response = await admin.post(`/api/loans/${loanId}/write-off`, { reason: 'Left the organisation; nothing recoverable' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().loan).toMatchObject({ status: 'written_off', ledger: { outstandingTotalKobo: 12_320_000 } });
    const entry = (await admin.get('/api/audit?kind=loan.written_off')).json().entries[0];
    expect(entry.after).toEqual({ status: 'written_off', writtenOffKobo: 12_320_000, penaltiesWaivedKobo: 0, reason: 'Left the organisation; nothing recoverable' });
    const again = await admin.post(`/api/loans/${loanId}/write-off`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'LOAN_NOT_WRITABLE_OFF', message: MESSAGES.loanNotWritable });
    expect((await repay(loanId, { amount: '100' })).json().error).toBe('LOAN_NOT_ACTIVE');
  });
});
