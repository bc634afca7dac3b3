import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
// Disbursed on 15 November 2026; repaid and reversed on 28 December.
const DISBURSED = new Date('2026-11-15T09:00:00Z');
const PAYDAY = new Date('2026-12-28T09:00:00Z');
let now = DISBURSED;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => now,
);

let productId = '';
beforeAll(async () => {
  const rules = { method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', guarantorsRequired: '0', feeKind: 'fixed', feeValue: '1,000' };
  // The rule these figures were worked with (an early payoff owes no interest for the months cut off); the default has its own tests.
  productId = (await admin.post('/api/loan-products', { ...rules, name: 'Reversal Loan', earlyPayment: 'reduce_term' })).json().product.id;
});

/** ₦120,000 over 12 months at 12% flat with a ₦1,000 fee: ₦11,200 a month from December. */
async function activeLoan() {
  now = DISBURSED;
  const staff = await addStaff(admin);
  await deposit(admin, staff.userId, '100,000');
  const loanId = (await admin.post('/api/loans', { productId, amount: '120,000', months: '12', purpose: 'Fees', userId: staff.userId })).json().loan.id;
  await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' });
  expect((await admin.post(`/api/loans/${loanId}/disbursement`, {})).statusCode).toBe(201);
  now = PAYDAY;
  return loanId;
}

const loanOf = async (loanId: string) => (await admin.get(`/api/loans/${loanId}`)).json().loan;
const entriesOf = async (loanId: string) => (await loanOf(loanId)).ledger.entries as { id: string; type: string; reversesId: string | null }[];
const reverse = (entryId: string, body: Record<string, unknown> = { reason: 'Posted in error' }, key?: string) =>
  admin.post(`/api/loans/entries/${entryId}/reversal`, body, key ? { 'idempotency-key': key } : {});

describe('reversing a repayment', () => {
  it('puts back exactly what it paid, once, with a linked entry and an audit record', async () => {
    const loanId = await activeLoan();
    const before = await loanOf(loanId);
    expect((await admin.post(`/api/loans/${loanId}/repayments`, { amount: '12,200' })).statusCode).toBe(201);
    const repayment = (await entriesOf(loanId)).at(-1) as { id: string };

    const reversed = await reverse(repayment.id, { reason: 'Bounced transfer' }, 'reverse-once');
    expect(reversed.statusCode, reversed.body).toBe(201);
    const after = reversed.json().loan;
    expect(after.ledger.instalments).toEqual(before.ledger.instalments);
    expect(after.ledger.feeOutstandingKobo).toBe(100_000);
    expect(after.ledger.outstandingTotalKobo).toBe(before.ledger.outstandingTotalKobo);
    expect(after.ledger.entries.at(-1)).toMatchObject({ type: 'repayment', amountKobo: 1_220_000, reversesId: repayment.id, reason: 'Bounced transfer', valueDate: '2026-12-28' });
    // The retry answers the same; a second reversal is refused; a reversal is not itself reversible.
    expect((await reverse(repayment.id, { reason: 'Bounced transfer' }, 'reverse-once')).json()).toEqual(reversed.json());
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      expect((await reverse(repayment.id)).json()).toEqual({ error: 'ALREADY_REVERSED', message: MESSAGES.alreadyReversed });
      expect((await reverse(after.ledger.entries.at(-1).id)).json()).toEqual({ error: 'REVERSAL_NOT_REVERSIBLE', message: MESSAGES.reversalNotReversible });
    });
    const audit = (await admin.get('/api/audit?kind=loan.repayment_reversed')).json().entries;
    expect(audit[0]).toMatchObject({ target: { type: 'loan', id: loanId }, after: { entryId: repayment.id, amountKobo: 1_220_000, reason: 'Bounced transfer', status: 'active' } });
  });

  it('reopens a repaid loan, and leaves a newer repayment to be reversed first', async () => {
    const loanId = await activeLoan();
    // ₦1,000 fee + ₦11,200 due in December + ₦110,000 of principal ahead.
    expect((await admin.post(`/api/loans/${loanId}/repayments`, { amount: '5,000' })).statusCode).toBe(201);
    expect((await admin.post(`/api/loans/${loanId}/repayments`, { amount: '117,200' })).json().loan.status).toBe('repaid');
    const [, , first, second] = await entriesOf(loanId);
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      expect((await reverse(first?.id as string)).json()).toEqual({ error: 'LOAN_REVERSAL_REFUSED', message: MESSAGES.laterRepaymentFirst });
    });
    const reopened = (await reverse(second?.id as string)).json().loan;
    expect(reopened.status).toBe('active');
    // ₦135,400 owed in all (fee, principal, ₦14,400 interest) less the first ₦5,000: the waived interest is owed again.
    expect(reopened.ledger.outstandingTotalKobo).toBe(13_040_000);
    expect((await reverse(first?.id as string)).statusCode).toBe(201);
  });

  it('refuses a value date before the repayment, an unreadable reason and odd ids, writing nothing', async () => {
    const loanId = await activeLoan();
    await admin.post(`/api/loans/${loanId}/repayments`, { amount: '1,000' });
    const repayment = (await entriesOf(loanId)).at(-1) as { id: string };
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      expect((await reverse(repayment.id, { reason: 'x', valueDate: '2026-12-27' })).json()).toEqual({ error: 'VALIDATION', message: MESSAGES.reversalBeforeOriginal, field: 'valueDate' });
      expect((await reverse(repayment.id, { reason: '  ' })).json()).toMatchObject({ message: MESSAGES.reversalReasonRequired, field: 'reason' });
      expect((await reverse(repayment.id, { reason: 'a\u0000b' })).statusCode).toBe(400);
      expect((await reverse(repayment.id, { reason: 'x'.repeat(100_000) })).statusCode).toBe(400);
      expect((await reverse('00000000-0000-4000-8000-000000000000')).json()).toEqual({ error: 'LOAN_ENTRY_NOT_FOUND', message: 'Loan entry not found' });
      expect((await admin.post('/api/loans/entries/%E0%A4%A/reversal', { reason: 'x' })).statusCode).toBe(400);
      expect((await admin.post('/api/loans/entries/not-an-id/reversal', { reason: 'x' })).statusCode).toBe(400);
    });
  });
});

describe('reversing a disbursement', () => {
  it('is refused while a repayment stands, and for the fee alone', async () => {
    const loanId = await activeLoan();
    await admin.post(`/api/loans/${loanId}/repayments`, { amount: '1,000' });
    const [disbursement, fee] = await entriesOf(loanId);
    await expectNoRowsWritten(ctx.app.kobo.database.db, async () => {
      expect((await reverse(disbursement?.id as string)).json()).toEqual({ error: 'LOAN_REVERSAL_REFUSED', message: MESSAGES.repaymentsBeforeDisbursement });
      expect((await reverse(fee?.id as string)).json()).toEqual({ error: 'LOAN_REVERSAL_REFUSED', message: MESSAGES.feeReversedWithDisbursement });
    });
  });

  it('undoes the payout and its fee: the loan is approved again, may be paid out afresh, and the portfolio nets it', async () => {
    const loanId = await activeLoan();
    now = DISBURSED;
    const [disbursement] = await entriesOf(loanId);
    const reversed = await reverse(disbursement?.id as string, { reason: 'Paid to the wrong account' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(reversed.json().loan).toMatchObject({ status: 'approved', ledger: null });
    expect((await reverse(disbursement?.id as string)).json()).toEqual({ error: 'ALREADY_REVERSED', message: MESSAGES.alreadyReversed });
    const portfolio = (await admin.get('/api/loans/portfolio')).json().portfolio;
    // This file's four loans before this one were paid out in November; this one's payout and its reversal cancel.
    expect(portfolio.disbursedThisMonthKobo).toBe(48_000_000);
    const again = await admin.post(`/api/loans/${loanId}/disbursement`, {});
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().loan.ledger.entries.map((entry: { type: string; reversesId: string | null }) => `${entry.type}${entry.reversesId ? ' reversal' : ''}`)).toEqual([
      'disbursement',
      'fee',
      'disbursement reversal',
      'fee reversal',
      'disbursement',
      'fee',
    ]);
    expect(again.json().loan.ledger.outstandingTotalKobo).toBe(12_000_000 + 1_440_000 + 100_000);
  });

  it("stays as it is on a written-off loan", async () => {
    const loanId = await activeLoan();
    await admin.post(`/api/loans/${loanId}/write-off`, { reason: 'Left the company' });
    const [disbursement] = await entriesOf(loanId);
    expect((await reverse(disbursement?.id as string)).json()).toEqual({ error: 'LOAN_REVERSAL_REFUSED', message: MESSAGES.loanClosedForReversal });
  });
});
