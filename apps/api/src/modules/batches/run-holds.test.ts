import { describe, expect, it } from 'vitest';
import type { SavingsHolderListItem } from '@kobo/core';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { addStaff, balanceOf, deposit, openSavingsContext, reverse } from '../savings/savings-test-support.ts';

// Issue 26, part 1: a member whose holds exceed their balance no longer blocks the monthly run.
// Only money going out is judged against holds; a contribution or a repayment cures the shortfall.
// 23 Nov 2026, 10:00 in Lagos.
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-11-23T09:00:00.000Z'),
);

let guarantor: SavingsHolderListItem;
let borrower: SavingsHolderListItem;
let other: SavingsHolderListItem;
let loanId: string;
let borrowerDepositId: string;

describe('a monthly run with a member whose holds exceed their balance', () => {
  it('starts from a guarantor held ₦1,000 with ₦0 saved, after their deposit was reversed', async () => {
    // 1× savings covers the loan; one guarantor, who is held the whole ₦1,000.
    const product = await admin.post('/api/loan-products', {
      name: 'Run Holds Loan',
      method: 'flat',
      annualRate: '12',
      maxMonths: '12',
      savingsMultiple: '1',
      maxAmount: '500,000',
      guarantorsRequired: '1',
  });
  expect(product.statusCode, product.body).toBe(201);
  guarantor = await addStaff(admin, { name: 'Grace Guarantor', email: 'run.holds.guarantor@kobo.test', password: 'secret1' });
  borrower = await addStaff(admin, { name: 'Bayo Borrower' });
  other = await addStaff(admin, { name: 'Ola Other' });
  const guarantorDeposit = (await deposit(admin, guarantor.userId, '1,000')).transaction.id;
  borrowerDepositId = (await deposit(admin, borrower.userId, '1,000')).transaction.id;

  const applied = await admin.post('/api/loans', {
    productId: product.json().product.id,
    amount: '1,000',
    months: '10',
    purpose: 'School fees',
    userId: borrower.userId,
    guarantors: [guarantor.userId],
  });
  expect(applied.statusCode, applied.body).toBe(201);
  loanId = applied.json().loan.id;
  const client = ctx.client();
  await client.post('/api/auth/sign-in', { email: 'run.holds.guarantor@kobo.test', password: 'secret1' });
  expect((await client.post(`/api/loans/${loanId}/guarantee`, { answer: 'accept' })).statusCode).toBe(200);
  expect((await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' })).statusCode).toBe(200);
  expect((await admin.post(`/api/loans/${loanId}/disbursement`, {})).statusCode).toBe(201);

  // The guarantor's deposit is reversed: ₦0 saved, ₦1,000 held.
  const reversed = await reverse(admin, guarantorDeposit, { reason: 'Bounced cheque' });
  expect(reversed.statusCode, reversed.body).toBe(201);
  const detail = await admin.get(`/api/savings/accounts/${guarantor.staffId}?period=month`);
  expect(detail.json().account).toMatchObject({ balanceKobo: 0, heldKobo: 100_000 });
  });

  it("posts whole: the guarantor's ₦500 contribution and another member's row", async () => {
    const run = { month: '2026-11', valueDate: '2026-11-23', rows: [{ ref: guarantor.staffId, amount: '500' }, { ref: other.staffId, amount: '200' }] };
    const review = await admin.post('/api/savings/batches/review', run);
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json()).toMatchObject({ readyCount: 2, refusedCount: 0, depositKobo: 70_000 });
    const posted = await admin.post('/api/savings/batches', run);
    expect(posted.statusCode, posted.body).toBe(201);
    expect(await balanceOf(admin, guarantor.staffId as string)).toBe(50_000);
    expect(await balanceOf(admin, other.staffId as string)).toBe(20_000);
  });

  it("posts a row with only the borrower's repayment after the borrower's deposit is reversed", async () => {
    const reversed = await reverse(admin, borrowerDepositId, { reason: 'Bounced cheque' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const run = { month: '2026-11', valueDate: '2026-11-23', repeatReason: 'Repayment left out of the first run', rows: [{ ref: borrower.staffId, amount: '', loanRepayment: '110' }] };
    const review = await admin.post('/api/savings/batches/review', run);
    expect(review.json()).toMatchObject({ readyCount: 1, refusedCount: 0, loanRepaymentKobo: 11_000 });
    const posted = await admin.post('/api/savings/batches', run);
    expect(posted.statusCode, posted.body).toBe(201);
    const loan = (await admin.get(`/api/loans/${loanId}`)).json().loan;
    expect(loan.ledger.entries.at(-1)).toMatchObject({ type: 'repayment', amountKobo: 11_000, valueDate: '2026-11-23' });
    expect(await balanceOf(admin, borrower.staffId as string)).toBe(0);
  });

  it('still refuses a withdrawal row from the member whose holds exceed their balance', async () => {
    const review = await admin.post('/api/savings/batches/review', {
      month: '2026-11',
      valueDate: '2026-11-23',
      rows: [{ ref: guarantor.staffId, amount: '100', type: 'withdrawal' }],
    });
    expect(review.json().rows[0]).toMatchObject({ status: 'refused', reason: 'Insufficient available balance: ₦1,000.00 is held against a loan' });
  });
});
