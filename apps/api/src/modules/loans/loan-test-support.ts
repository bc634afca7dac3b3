import { expect } from 'vitest';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { addStaff, deposit } from '../savings/savings-test-support.ts';

/**
 * COOPERATIVE.md's flat product: 12% a year, up to 12 months and twice the savings, a ₦1,000 fee, no
 * guarantor; `rules` adds or overrides fields of the product form (an overpayment or early-payment rule).
 */
export async function createFlatLoanProduct(admin: SignedInClient, name: string, rules: Record<string, string> = {}): Promise<string> {
  const product = await admin.post('/api/loan-products', {
    name,
    method: 'flat',
    annualRate: '12',
    maxMonths: '12',
    savingsMultiple: '2',
    maxAmount: '500,000',
    guarantorsRequired: '0',
    feeKind: 'fixed',
    feeValue: '1,000',
    ...rules,
  });
  expect(product.statusCode, product.body).toBe(201);
  return product.json().product.id;
}

let borrowers = 0;
/** A new borrower who saved ₦100,000 applies for ₦120,000 over 12 months, and an admin approves it. */
export async function approvedFlatLoan(ctx: TestContext, admin: SignedInClient, productId: string): Promise<{ loanId: string; borrowerId: string }> {
  borrowers += 1;
  const email = `approved.borrower.${borrowers}.${Date.now().toString(36)}@kobo.test`;
  const staff = await addStaff(admin, { email, password: 'secret1', name: `Approved Borrower ${borrowers}` });
  await deposit(admin, staff.userId, '100,000');
  const borrower = ctx.client();
  await borrower.post('/api/auth/sign-in', { email, password: 'secret1' });
  const applied = await borrower.post('/api/loans', { productId, amount: '120,000', months: '12', purpose: 'Rent' });
  expect(applied.statusCode, applied.body).toBe(201);
  const loanId: string = applied.json().loan.id;
  const approved = await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' });
  expect(approved.statusCode, approved.body).toBe(200);
  return { loanId, borrowerId: staff.userId };
}
