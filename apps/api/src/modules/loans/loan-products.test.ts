import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
// 15 November 2026, 10:00 in Lagos: a quote's first instalment falls due on 31 December.
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-11-15T09:00:00Z'),
);

const staffLoan = {
  name: 'Staff Loan',
  method: 'flat',
  annualRate: '12',
  maxMonths: '12',
  savingsMultiple: '2',
  maxAmount: '500,000',
  guarantorsRequired: '1',
  feeKind: 'percent',
  feeValue: '1',
  overpayment: 'reduce_term',
};

async function createProduct(body: Record<string, unknown> = staffLoan) {
  const response = await admin.post('/api/loan-products', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as { id: string; name: string };
}

const productNames = async (client: SignedInClient) =>
  (await client.get('/api/loan-products')).json().products.map((product: { name: string; retired: boolean }) => `${product.name}${product.retired ? ' (retired)' : ''}`);

describe('loan products', () => {
  it('stores what the admin typed as rates in basis points, the multiple in hundredths and money in kobo', async () => {
    const response = await admin.post('/api/loan-products', { ...staffLoan, name: '  Emergency Loan ', method: 'reducing', annualRate: '12.5', savingsMultiple: '1.5', feeKind: 'fixed', feeValue: '2,000.50' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().product).toEqual({
      id: expect.any(String),
      name: 'Emergency Loan',
      method: 'reducing',
      annualRateBp: 1250,
      maxMonths: 12,
      savingsMultiple: 150,
      maxAmount: 50_000_000,
      guarantorsRequired: 1,
      fee: { kind: 'fixed', amount: 200_050 },
      overpayment: 'reduce_term',
      earlyPayment: 'pay_ahead',
      securityProductIds: null,
      // Issue 33, loans without interest: an interest-bearing product keeps no markup or charity donation.
      kind: 'interest',
      markupBp: null,
      lateCharity: null,
      // Issue 33, penalties: none unless the product sets one.
      penalty: null,
      retired: false,
      createdAt: '2026-11-15T09:00:00.000Z',
    });
  });

  it.each([
    [{ name: '   ' }, 'name', MESSAGES.loanProductNameRequired],
    [{ name: 'x'.repeat(61) }, 'name', MESSAGES.loanProductNameTooLong],
    [{ method: 'compound' }, 'method', MESSAGES.chooseInterestMethod],
    [{ annualRate: '100.01' }, 'annualRate', MESSAGES.loanRateInvalid],
    [{ annualRate: '12.345' }, 'annualRate', MESSAGES.loanRateInvalid],
    [{ annualRate: '-1' }, 'annualRate', MESSAGES.loanRateInvalid],
    [{ maxMonths: '0' }, 'maxMonths', MESSAGES.loanTermInvalid],
    [{ maxMonths: '121' }, 'maxMonths', MESSAGES.loanTermInvalid],
    [{ maxMonths: '6.5' }, 'maxMonths', MESSAGES.loanTermInvalid],
    [{ savingsMultiple: '0' }, 'savingsMultiple', MESSAGES.loanMultipleInvalid],
    [{ savingsMultiple: '10.01' }, 'savingsMultiple', MESSAGES.loanMultipleInvalid],
    [{ maxAmount: '0' }, 'maxAmount', MESSAGES.enterValidAmount],
    [{ maxAmount: '1000000000000.01' }, 'maxAmount', MESSAGES.enterValidAmount],
    [{ guarantorsRequired: '4' }, 'guarantorsRequired', MESSAGES.loanGuarantorsInvalid],
    [{ feeKind: 'percent', feeValue: '0' }, 'feeValue', MESSAGES.loanFeePercentInvalid],
    [{ feeKind: 'fixed', feeValue: 'abc' }, 'feeValue', MESSAGES.enterValidAmount],
    [{ feeKind: 'bribe', feeValue: '1' }, 'feeKind', MESSAGES.loanFeeKindInvalid],
    [{ overpayment: 'keep' }, 'overpayment', MESSAGES.loanOverpaymentInvalid],
    [{ earlyPayment: 'waive_interest' }, 'earlyPayment', MESSAGES.loanOverpaymentInvalid],
    [{ method: undefined }, 'method', MESSAGES.chooseInterestMethod],
    [{ name: undefined }, 'name', MESSAGES.loanProductNameRequired],
  ])('refuses %o on its field, writing nothing', async (change, field, message) => {
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await admin.post('/api/loan-products', { ...staffLoan, name: 'Refused', ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'VALIDATION', message, field });
    });
  });

  it('refuses a name another product has, whatever its case', async () => {
    await createProduct({ ...staffLoan, name: 'Car Loan' });
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await admin.post('/api/loan-products', { ...staffLoan, name: 'CAR LOAN' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'LOAN_PRODUCT_NAME_TAKEN', message: MESSAGES.loanProductNameTaken, field: 'name' });
    });
  });

  it('changes a product, records before and after, and answers 404 for one that does not exist', async () => {
    const product = await createProduct({ ...staffLoan, name: 'Festive Loan' });
    const response = await admin.request('PUT', `/api/loan-products/${product.id}`, { ...staffLoan, name: 'Festive Loan', annualRate: '8', feeKind: 'none' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().product).toMatchObject({ annualRateBp: 800, fee: null });
    const audit = (await admin.get('/api/audit?kind=loan.product_updated')).json();
    expect(audit.entries[0]).toMatchObject({ kind: 'loan.product_updated', target: { label: 'Festive Loan' } });
    expect(audit.entries[0].before).toMatchObject({ annualRateBp: 1200, fee: { kind: 'percent', basisPoints: 100 } });
    expect(audit.entries[0].after).toMatchObject({ annualRateBp: 800, fee: null });

    const missing = await admin.request('PUT', '/api/loan-products/00000000-0000-4000-8000-000000000000', staffLoan);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'LOAN_PRODUCT_NOT_FOUND', message: MESSAGES.loanProductNotFound });
  });

  it('retires a product: holders no longer see it or get a quote on it; the admin still sees it and can restore it', async () => {
    const staff = await ctx.signedIn('staff');
    const product = await createProduct({ ...staffLoan, name: 'Old Loan' });
    expect(await productNames(staff)).toContain('Old Loan');

    expect((await admin.post(`/api/loan-products/${product.id}/retire`)).json().product.retired).toBe(true);
    // Saying it twice changes nothing and records nothing more.
    expect((await admin.post(`/api/loan-products/${product.id}/retire`)).statusCode).toBe(200);
    expect(await productNames(staff)).not.toContain('Old Loan');
    expect(await productNames(admin)).toContain('Old Loan (retired)');
    expect((await staff.get(`/api/loan-products/${product.id}/quote?amount=1000&months=2`)).statusCode).toBe(404);
    const kinds = (await admin.get('/api/audit?kind=loan.product_retired')).json().entries.map((entry: { target: { label: string } }) => entry.target.label);
    expect(kinds.filter((label: string) => label === 'Old Loan')).toHaveLength(1);

    expect((await admin.post(`/api/loan-products/${product.id}/restore`)).json().product.retired).toBe(false);
    expect(await productNames(staff)).toContain('Old Loan');
  });
});

describe('a quote before applying', () => {
  it("shows the schedule, the fee and the holder's limit, from the holder's own savings", async () => {
    const product = await createProduct({ ...staffLoan, name: 'Quote Loan' });
    const staff = await addStaff(admin, { email: 'quote.staff@kobo.test', password: 'secret1' });
    await deposit(admin, staff.userId, '100,000');
    const holder = ctx.client();
    expect((await holder.post('/api/auth/sign-in', { email: 'quote.staff@kobo.test', password: 'secret1' })).statusCode).toBe(200);

    const response = await holder.get(`/api/loan-products/${product.id}/quote?amount=120,000&months=12`);
    expect(response.statusCode, response.body).toBe(200);
    const { quote } = response.json();
    expect(quote).toMatchObject({ amountKobo: 12_000_000, months: 12, feeKobo: 120_000, savingsBalanceKobo: 10_000_000, maxAmountKobo: 20_000_000, problem: null });
    // COOPERATIVE.md's flat example: ₦14,400 of interest, twelve instalments of ₦11,200 from December.
    expect(quote.schedule).toMatchObject({ monthlyInstalment: 1_120_000, totalInterest: 1_440_000, totalRepayable: 13_440_000 });
    expect(quote.schedule.instalments[0]).toEqual({ number: 1, dueDate: '2026-12-31', principal: 1_000_000, interest: 120_000, total: 1_120_000, principalAfter: 11_000_000 });

    const tooMuch = (await holder.get(`/api/loan-products/${product.id}/quote?amount=200000.01&months=12`)).json().quote;
    expect(tooMuch.problem).toBe('At most ₦200,000.00 can be borrowed: 2× savings of ₦100,000.00');
    const tooLong = (await holder.get(`/api/loan-products/${product.id}/quote?amount=1000&months=13`)).json().quote;
    expect(tooLong.problem).toBe('The longest term Quote Loan allows is 12 months');
  });

  it('asks an admin whose savings to quote on, and keeps a holder to their own', async () => {
    const product = await createProduct({ ...staffLoan, name: 'Whose Loan' });
    const noHolder = await admin.get(`/api/loan-products/${product.id}/quote?amount=1000&months=2`);
    expect(noHolder.statusCode).toBe(400);
    expect(noHolder.json()).toEqual({ error: 'VALIDATION', message: MESSAGES.selectStaffMember, field: 'userId' });

    const other = await addStaff(admin);
    const staff = await ctx.signedIn('staff');
    expect((await staff.get(`/api/loan-products/${product.id}/quote?amount=1000&months=2&userId=${other.userId}`)).statusCode).toBe(403);
    const forOther = await admin.get(`/api/loan-products/${product.id}/quote?amount=1000&months=2&userId=${other.userId}`);
    expect(forOther.statusCode, forOther.body).toBe(200);
    expect(forOther.json().quote).toMatchObject({ savingsBalanceKobo: 0, maxAmountKobo: 0, problem: 'At most ₦0.00 can be borrowed: 2× savings of ₦0.00' });
  });

  it.each([
    ['amount=0&months=2', 'amount', MESSAGES.enterValidAmount],
    ['amount=1.234&months=2', 'amount', MESSAGES.enterValidAmount],
    ['amount=1000&months=0', 'months', MESSAGES.loanMonthsInvalid],
    ['amount=1000&months=121', 'months', MESSAGES.loanMonthsInvalid],
    ['amount=1000', 'months', MESSAGES.loanMonthsInvalid],
  ])('refuses a quote for %s on its field', async (query, field, message) => {
    const staff = await ctx.signedIn('staff');
    const product = (await staff.get('/api/loan-products')).json().products[0];
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const response = await staff.get(`/api/loan-products/${product.id}/quote?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'VALIDATION', message, field });
    });
  });
});
