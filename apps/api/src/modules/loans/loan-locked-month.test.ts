import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { balanceOf, openSavingsContext } from '../savings/savings-test-support.ts';
import { approvedFlatLoan, createFlatLoanProduct } from './loan-test-support.ts';

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
  productId = await createFlatLoanProduct(admin, 'Locked-month Loan');
});

const approvedLoan = () => approvedFlatLoan(ctx, admin, productId);

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
