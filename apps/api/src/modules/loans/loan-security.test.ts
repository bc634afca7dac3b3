import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import type { SignedInClient, TestClient, TestContext } from '../../test/test-app.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';
import { depositInto, newProduct } from '../savings-reports/savings-reports-test-support.ts';

/**
 * Issue 29: the loan multiple is judged on the savings products the loan product names; by
 * default ordinary savings plus every shares product. Ordinary ₦100,000 + shares ₦20,000 at 2×
 * lends up to ₦240,000; Christmas savings secure nothing unless the product names them.
 */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-11-15T09:00:00Z'),
);
const db = () => ctx.app.kobo.database.db as Database;

const FLAT = { method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', guarantorsRequired: '0' };

let shares: string;
let christmas: string;
let borrower: TestClient;

async function loanProduct(name: string, securityProductIds?: string[]) {
  const response = await admin.post('/api/loan-products', { ...FLAT, name, ...(securityProductIds ? { securityProductIds } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().product as { id: string; securityProductIds: string[] | null };
}

async function quote(productId: string, amount: string) {
  const response = await borrower.get(`/api/loan-products/${productId}/quote?amount=${amount}&months=12`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().quote as { savingsBalanceKobo: number; maxAmountKobo: number; problem: string | null };
}

beforeAll(async () => {
  shares = await newProduct(db(), { name: 'Share Capital', kind: 'shares', code: '3010', sharePriceKobo: 50_000, minimumHoldingKobo: 2_500_000 });
  christmas = await newProduct(db(), { name: 'Christmas Savings', kind: 'target', code: '2210', windowOpens: '12-01', windowCloses: '12-31', payoutOn: '12-31', payoutTo: 'ordinary' });
  const staff = await addStaff(admin, { email: 'security.borrower@kobo.test', password: 'secret1', name: 'Ngozi Umeh' });
  await deposit(admin, staff.userId, '100,000');
  await depositInto(db(), staff.userId, shares, 2_000_000);
  await depositInto(db(), staff.userId, christmas, 5_000_000);
  borrower = ctx.client();
  const signIn = await borrower.post('/api/auth/sign-in', { email: 'security.borrower@kobo.test', password: 'secret1' });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
});

describe('the savings that secure a loan', () => {
  it('are ordinary savings plus shares by default: ₦100,000 + ₦20,000 at 2× lends up to ₦240,000', async () => {
    const product = await loanProduct('Default Security Loan');
    expect(product.securityProductIds).toBeNull();
    expect(await quote(product.id, '240,000')).toMatchObject({ savingsBalanceKobo: 12_000_000, maxAmountKobo: 24_000_000, problem: null });
    expect((await quote(product.id, '240,000.01')).problem).toBe('At most ₦240,000.00 can be borrowed: 2× savings of ₦120,000.00');

    const refused = await borrower.post('/api/loans', { productId: product.id, amount: '240,000.01', months: '12', purpose: 'Rent' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'At most ₦240,000.00 can be borrowed: 2× savings of ₦120,000.00', field: 'amount' });
    const applied = await borrower.post('/api/loans', { productId: product.id, amount: '240,000', months: '12', purpose: 'Rent' });
    expect(applied.statusCode, applied.body).toBe(201);
    // Rejected, so the quotes below are not less what this application borrows.
    const rejected = await admin.post(`/api/loans/${applied.json().loan.id}/decision`, { decision: 'reject', reason: 'Only a test' });
    expect(rejected.statusCode, rejected.body).toBe(200);
  });

  it('are only the products a loan product names', async () => {
    const ordinaryOnly = await loanProduct('Ordinary Only Loan', [ORDINARY_SAVINGS_PRODUCT_ID]);
    expect(ordinaryOnly.securityProductIds).toEqual([ORDINARY_SAVINGS_PRODUCT_ID]);
    expect(await quote(ordinaryOnly.id, '1')).toMatchObject({ savingsBalanceKobo: 10_000_000, maxAmountKobo: 20_000_000 });

    const withChristmas = await loanProduct('Festive Loan', [ORDINARY_SAVINGS_PRODUCT_ID, christmas]);
    expect(await quote(withChristmas.id, '1')).toMatchObject({ savingsBalanceKobo: 15_000_000, maxAmountKobo: 30_000_000 });
  });

  it('refuses a product naming none, or one that does not exist, beside the field', async () => {
    for (const securityProductIds of [[], ['00000000-0000-4000-8000-00000000ffff'], ['not-a-product']]) {
      const response = await admin.post('/api/loan-products', { ...FLAT, name: 'Unsecured Loan', securityProductIds });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message: MESSAGES.loanSecurityInvalid, field: 'securityProductIds' });
    }
  });
});
