import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import type { SignedInClient, TestClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-11-15T09:00:00Z'),
);

let productId: string;
let secondAdmin: SignedInClient;
beforeAll(async () => {
  const product = await admin.post('/api/loan-products', {
    name: 'Quick Loan',
    method: 'reducing',
    annualRate: '12',
    maxMonths: '12',
    savingsMultiple: '2',
    maxAmount: '500,000',
    guarantorsRequired: '0',
  });
  if (product.statusCode !== 201) throw new Error(product.body);
  productId = product.json().product.id;
  secondAdmin = await ctx.signedIn('admin');
});

let counter = 0;
/** A holder with ₦100,000 of savings, signed in, and an application of theirs awaiting approval. */
async function applicationBy(name: string, appliedBy: 'holder' | TestClient = 'holder'): Promise<{ loanId: string; userId: string; staffId: string }> {
  counter += 1;
  const email = `decide.${counter}@kobo.test`;
  const staff = await addStaff(admin, { email, password: 'secret1', name });
  await deposit(admin, staff.userId, '100,000');
  let client: TestClient;
  if (appliedBy === 'holder') {
    client = ctx.client();
    await client.post('/api/auth/sign-in', { email, password: 'secret1' });
  } else client = appliedBy;
  const body = { productId, amount: '50,000', months: '6', purpose: 'Rent', ...(appliedBy === 'holder' ? {} : { userId: staff.userId }) };
  const response = await client.post('/api/loans', body);
  expect(response.statusCode, response.body).toBe(201);
  return { loanId: response.json().loan.id, userId: staff.userId, staffId: staff.staffId as string };
}

const decide = (client: TestClient, loanId: string, body: Record<string, unknown>) => client.post(`/api/loans/${loanId}/decision`, body);

describe('deciding on an application', () => {
  it('approves one awaiting approval, keeping who decided and why, in the audit log too', async () => {
    const { loanId } = await applicationBy('Ada Approve');
    const response = await decide(admin, loanId, { decision: 'approve', reason: ' Savings cover it ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().loan.status).toBe('approved');
    const entry = (await admin.get('/api/audit?kind=loan.approved')).json().entries[0];
    expect(entry).toMatchObject({ kind: 'loan.approved', target: { label: 'Quick Loan: Ada Approve' }, before: { status: 'awaiting_approval' }, after: { status: 'approved', reason: 'Savings cover it' } });
  });

  it('rejects only with a reason, and decides once', async () => {
    const { loanId } = await applicationBy('Rex Reject');
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const noReason = await decide(admin, loanId, { decision: 'reject', reason: '  ' });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json()).toEqual({ error: 'VALIDATION', message: MESSAGES.rejectionReasonRequired, field: 'reason' });
      const nonsense = await decide(admin, loanId, { decision: 'maybe' });
      expect(nonsense.json()).toEqual({ error: 'VALIDATION', message: MESSAGES.chooseLoanDecision, field: 'decision' });
    });
    expect((await decide(admin, loanId, { decision: 'reject', reason: 'Too many loans' })).json().loan.status).toBe('rejected');
    const again = await decide(admin, loanId, { decision: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'LOAN_NOT_AWAITING_DECISION', message: MESSAGES.loanNotAwaitingDecision });
    const missing = await decide(admin, '00000000-0000-4000-8000-000000000000', { decision: 'approve' });
    expect(missing.statusCode).toBe(404);
  });

  it('lets exactly one of two officers deciding at once win', async () => {
    const { loanId } = await applicationBy('Race Decide');
    const answers = await Promise.all([decide(admin, loanId, { decision: 'approve' }), decide(secondAdmin, loanId, { decision: 'reject', reason: 'No' })]);
    expect(answers.map((response) => response.statusCode).toSorted()).toEqual([200, 409]);
  });
});

describe('two-person approval', () => {
  it('is off by default, so one administrator can apply for a holder and approve', async () => {
    expect((await admin.get('/api/loans/settings')).json()).toEqual({ settings: { twoPersonApproval: false } });
    const { loanId } = await applicationBy('Solo Officer', admin);
    expect((await decide(admin, loanId, { decision: 'approve' })).statusCode).toBe(200);
  });

  it('when on, refuses the officer who made the application and lets another approve', async () => {
    const turnedOn = await admin.request('PUT', '/api/loans/settings', { twoPersonApproval: true });
    expect(turnedOn.json()).toEqual({ settings: { twoPersonApproval: true } });
    const { loanId } = await applicationBy('Two Officers', admin);
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      const own = await decide(admin, loanId, { decision: 'approve' });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ error: 'SECOND_OFFICER_REQUIRED', message: MESSAGES.secondOfficerRequired });
    });
    expect((await decide(secondAdmin, loanId, { decision: 'approve' })).json().loan.status).toBe('approved');
    // A holder's own application has no officer behind it: any officer may approve.
    const { loanId: holders } = await applicationBy('Own Application');
    expect((await decide(admin, holders, { decision: 'approve' })).statusCode).toBe(200);
    expect((await admin.get('/api/audit?kind=loan.settings_changed')).json().entries[0]).toMatchObject({ before: { twoPersonApproval: false }, after: { twoPersonApproval: true } });
    await admin.request('PUT', '/api/loans/settings', { twoPersonApproval: false });
  });

  it('refuses a setting that is not true or false', async () => {
    const response = await admin.request('PUT', '/api/loans/settings', { twoPersonApproval: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION', field: 'twoPersonApproval' });
  });
});

describe("the officers' list", () => {
  it('filters by status and finds a borrower by name or staff ID, newest first', async () => {
    const first = await applicationBy('Zainab Listed');
    const second = await applicationBy('Zainab Listed Too');
    await decide(admin, second.loanId, { decision: 'reject', reason: 'Duplicate' });
    const ids = async (query: string) => (await admin.get(`/api/loans?${query}`)).json().loans.map((loan: { id: string }) => loan.id);
    expect(await ids('q=zainab')).toEqual([second.loanId, first.loanId]);
    expect(await ids('q=zainab&status=rejected')).toEqual([second.loanId]);
    expect(await ids(`q=${first.staffId}`)).toEqual([first.loanId]);
    expect(await ids('q=%25')).not.toContain(first.loanId);
    const bad = await admin.get('/api/loans?status=lost');
    expect(bad.statusCode).toBe(400);
  });
});
