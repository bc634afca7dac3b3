import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, balanceOf, deposit, openSavingsContext } from '../savings/savings-test-support.ts';

/**
 * Issue 27: a locked month refuses a loan's disbursement and repayment valued in it, with the
 * month named (the journal's SQLSTATE KB423, answered 409 by plugins/errors.ts), and nothing moves:
 * not the loan, not the borrower's savings, not the journal.
 */
// Monday 23 Nov 2026, 10:00 in Lagos.
const NOW = new Date('2026-11-23T09:00:00.000Z');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened), () => NOW);

const NOVEMBER_LOCKED = "The savings scheme's books for November 2026 are locked";
const db = () => ctx.app.kobo.database.db;

let productId: string;
beforeAll(async () => {
  const product = await admin.post('/api/loan-products', {
    name: 'Locked-month Loan',
    method: 'flat',
    annualRate: '12',
    maxMonths: '12',
    savingsMultiple: '2',
    maxAmount: '500,000',
    guarantorsRequired: '0',
    feeKind: 'fixed',
    feeValue: '1,000',
  });
  if (product.statusCode !== 201) throw new Error(product.body);
  productId = product.json().product.id;
});

let counter = 0;
/** An approved ₦120,000 loan to a borrower who saved ₦100,000. */
async function approvedLoan(): Promise<{ loanId: string; borrowerId: string }> {
  counter += 1;
  const email = `locked.borrower.${counter}@kobo.test`;
  const staff = await addStaff(admin, { email, password: 'secret1', name: `Locked Borrower ${counter}` });
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

async function loanOf(loanId: string) {
  const response = await admin.get(`/api/loans/${loanId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().loan;
}

async function journalEntryCount(): Promise<number> {
  const [row] = await queryRows<{ entries: number }>(db(), sql`select count(*)::int as entries from journal_entries`);
  return row?.entries ?? -1;
}

const lockNovember = () => admin.post('/api/books/locks', { book: 'scheme', month: '2026-11' });
const unlockNovember = () => admin.request('DELETE', '/api/books/locks/scheme/2026-11');

describe('a loan in a locked month', () => {
  let waiting: { loanId: string; borrowerId: string };
  let running: { loanId: string; borrowerId: string };

  it('sets up: one loan approved, one paid out on 23 November, then November locked', async () => {
    const start = await admin.request('PUT', '/api/savings/books-start', { booksStart: '2026-01-01' });
    expect(start.statusCode, start.body).toBe(200);
    waiting = await approvedLoan();
    running = await approvedLoan();
    const paidOut = await admin.post(`/api/loans/${running.loanId}/disbursement`, {});
    expect(paidOut.statusCode, paidOut.body).toBe(201);
    expect(paidOut.json().loan.ledger).toMatchObject({ disbursedOn: '2026-11-23', outstandingPrincipalKobo: 12_000_000, feeOutstandingKobo: 100_000 });
    const locked = await lockNovember();
    expect(locked.statusCode, locked.body).toBe(200);
  });

  it('refuses the disbursement with November named, and the loan, the savings and the journal stay as they were', async () => {
    const entriesBefore = await journalEntryCount();
    await expectNoRowsWritten(db(), async () => {
      const today = await admin.post(`/api/loans/${waiting.loanId}/disbursement`, {});
      expect(today.statusCode).toBe(409);
      expect(today.json()).toEqual({ error: 'PERIOD_LOCKED', message: NOVEMBER_LOCKED });
      const named = await admin.post(`/api/loans/${waiting.loanId}/disbursement`, { valueDate: '2026-11-23' });
      expect(named.statusCode).toBe(409);
      expect(named.json()).toEqual({ error: 'PERIOD_LOCKED', message: NOVEMBER_LOCKED });
    });
    expect((await loanOf(waiting.loanId)).status).toBe('approved');
    expect(await balanceOf(admin, waiting.borrowerId)).toBe(10_000_000);
    expect(await journalEntryCount()).toBe(entriesBefore);
  });

  it('refuses a repayment valued in it, with November named, and the loan, the savings and the journal stay as they were', async () => {
    const entriesBefore = await journalEntryCount();
    await expectNoRowsWritten(db(), async () => {
      const response = await admin.post(`/api/loans/${running.loanId}/repayments`, { amount: '11,200', valueDate: '2026-11-23' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'PERIOD_LOCKED', message: NOVEMBER_LOCKED });
    });
    const loan = await loanOf(running.loanId);
    expect(loan.status).toBe('active');
    expect(loan.ledger).toMatchObject({ outstandingPrincipalKobo: 12_000_000, feeOutstandingKobo: 100_000 });
    expect(await balanceOf(admin, running.borrowerId)).toBe(10_000_000);
    expect(await journalEntryCount()).toBe(entriesBefore);
  });

  it('once November is unlocked, the same disbursement and repayment post', async () => {
    expect((await unlockNovember()).statusCode).toBe(204);
    const paidOut = await admin.post(`/api/loans/${waiting.loanId}/disbursement`, {});
    expect(paidOut.statusCode, paidOut.body).toBe(201);
    expect((await loanOf(waiting.loanId)).status).toBe('active');
    const repaid = await admin.post(`/api/loans/${running.loanId}/repayments`, { amount: '11,200', valueDate: '2026-11-23' });
    expect(repaid.statusCode, repaid.body).toBe(201);
  });
});
