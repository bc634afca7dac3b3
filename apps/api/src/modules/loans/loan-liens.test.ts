import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, balanceOf, deposit, openSavingsContext, post, transfer } from '../savings/savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-11-15T09:00:00Z'),
);

const products = { plain: '', guaranteed: '' };
beforeAll(async () => {
  const rules = { method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000' };
  const plain = await admin.post('/api/loan-products', { ...rules, name: 'Lien Loan', guarantorsRequired: '0' });
  const guaranteed = await admin.post('/api/loan-products', { ...rules, name: 'Guaranteed Lien Loan', guarantorsRequired: '1' });
  if (plain.statusCode !== 201 || guaranteed.statusCode !== 201) throw new Error(`${plain.body} ${guaranteed.body}`);
  products.plain = plain.json().product.id;
  products.guaranteed = guaranteed.json().product.id;
});

/** A holder with ₦100,000 who borrowed ₦120,000 (2× covers it), disbursed: ₦60,000 of their savings is held. */
async function borrower() {
  const staff = await addStaff(admin);
  await deposit(admin, staff.userId, '100,000');
  const loanId = (await admin.post('/api/loans', { productId: products.plain, amount: '120,000', months: '12', purpose: 'Rent', userId: staff.userId })).json().loan.id;
  await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' });
  expect((await admin.post(`/api/loans/${loanId}/disbursement`, {})).statusCode).toBe(201);
  return { ...staff, loanId };
}

const withdraw = (userId: string, amount: string) => post(admin, { userId, type: 'withdrawal', amount });

describe('the lien on a borrower', () => {
  it('holds outstanding principal ÷ the multiple: the rest can be withdrawn, not a kobo more', async () => {
    const holder = await borrower();
    expect((await withdraw(holder.userId, '40,000')).statusCode).toBe(201);
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const held = await withdraw(holder.userId, '0.01');
      expect(held.statusCode).toBe(409);
      expect(held.json()).toEqual({ error: 'HELD_AGAINST_LOAN', message: 'Insufficient available balance: ₦60,000.00 is held against a loan', field: 'amount' });
      // More than the balance itself is the spec's refusal.
      const overdrawn = await withdraw(holder.userId, '60,000.01');
      expect(overdrawn.json()).toEqual({ error: 'INSUFFICIENT_BALANCE', message: MESSAGES.insufficientBalanceForWithdrawal, field: 'amount' });
    });
    expect(await balanceOf(admin, holder.staffId as string)).toBe(6_000_000);
  });

  it('shrinks as principal is repaid', async () => {
    const holder = await borrower();
    // Paid the day it was disbursed, before any instalment is due, ₦10,000 pays instalment 1 in advance
    // (issue 26): its ₦1,200 interest, then ₦8,800 of principal. ₦111,200 left, ₦55,600 held.
    expect((await admin.post(`/api/loans/${holder.loanId}/repayments`, { amount: '10,000' })).statusCode).toBe(201);
    expect((await withdraw(holder.userId, '44,400')).statusCode).toBe(201);
    expect((await withdraw(holder.userId, '0.01')).json().message).toBe('Insufficient available balance: ₦55,600.00 is held against a loan');
  });

  it('is shown beside the balance: the detail, the holder\'s own page and every posting\'s answer', async () => {
    const holder = await borrower();
    const detail = await admin.get(`/api/savings/accounts/${holder.staffId}?period=month`);
    expect(detail.json().account).toMatchObject({ balanceKobo: 10_000_000, heldKobo: 6_000_000, availableKobo: 4_000_000 });
    const listed = (await admin.get(`/api/savings/holders?search=${holder.staffId}`)).json().holders;
    expect(listed).toEqual([expect.objectContaining({ userId: holder.userId, balanceKobo: 10_000_000, heldKobo: 6_000_000, availableKobo: 4_000_000 })]);
    // A deposit is never refused for a hold, and its answer says what is held.
    const deposited = await post(admin, { userId: holder.userId, type: 'deposit', amount: '1,000' });
    expect(deposited.json().account).toMatchObject({ balanceKobo: 10_100_000, heldKobo: 6_000_000, availableKobo: 4_100_000 });
    const withdrawn = await withdraw(holder.userId, '1,000');
    expect(withdrawn.json().account).toMatchObject({ balanceKobo: 10_000_000, heldKobo: 6_000_000, availableKobo: 4_000_000 });
    const client = ctx.client();
    await client.post('/api/auth/sign-in', { email: holder.email, password: 'secret1' });
    expect((await client.get('/api/savings/me')).json().account).toMatchObject({ balanceKobo: 10_000_000, heldKobo: 6_000_000, availableKobo: 4_000_000 });
  });

  it('holds against transfers too', async () => {
    const holder = await borrower();
    const other = await addStaff(admin);
    const refused = await transfer(admin, { fromUserId: holder.userId, toUserId: other.userId, amount: '40,000.01' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'HELD_AGAINST_LOAN', message: 'Insufficient available balance: ₦60,000.00 is held against a loan', field: 'amount' });
    expect((await transfer(admin, { fromUserId: holder.userId, toUserId: other.userId, amount: '40,000' })).statusCode).toBe(201);
  });

  it('lets exactly the free part out when 200 withdrawals arrive at once', async () => {
    const holder = await borrower();
    const answers = await Promise.all(Array.from({ length: 200 }, () => withdraw(holder.userId, '1,000')));
    const codes = answers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(40);
    expect(codes.filter((code) => code === 409)).toHaveLength(160);
    expect(await balanceOf(admin, holder.staffId as string)).toBe(6_000_000);
  });
});

describe('the lien on a guarantor', () => {
  it('holds the guaranteed amount from acceptance', async () => {
    const guarantor = await addStaff(admin, { email: 'lien.guarantor@kobo.test', password: 'secret1' });
    await deposit(admin, guarantor.userId, '80,000');
    const applicant = await addStaff(admin);
    await deposit(admin, applicant.userId, '100,000');
    const loanId = (
      await admin.post('/api/loans', { productId: products.guaranteed, amount: '50,000', months: '6', purpose: 'Car', userId: applicant.userId, guarantors: [guarantor.userId] })
    ).json().loan.id;
    const client = ctx.client();
    await client.post('/api/auth/sign-in', { email: 'lien.guarantor@kobo.test', password: 'secret1' });
    expect((await client.post(`/api/loans/${loanId}/guarantee`, { answer: 'accept' })).statusCode).toBe(200);
    expect((await withdraw(guarantor.userId, '30,000.01')).json().message).toBe('Insufficient available balance: ₦50,000.00 is held against a loan');
    expect((await withdraw(guarantor.userId, '30,000')).statusCode).toBe(201);
  });
});
