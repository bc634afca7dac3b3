import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { SignedInClient, TestClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';
import { createFlatLoanProduct } from './loan-test-support.ts';

/**
 * Issue 33, part A (docs/decisions/052): payoff quotes, top-ups and restructures, on COOPERATIVE.md's
 * flat loan: ₦120,000 at 12% for 12 months, 12 × ₦11,200 (₦10,000 principal + ₦1,200 interest),
 * a ₦1,000 fee. Disbursed 10 Jan 2026, instalments fall due from 28 Feb 2026.
 */
let ctx: TestContext;
let admin: SignedInClient;
let secondAdmin: SignedInClient;
let now = new Date('2026-01-10T09:00:00Z');
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => now,
);
const on = (day: string) => {
  now = new Date(`${day}T09:00:00Z`);
};

let productId: string;
beforeAll(async () => {
  productId = await createFlatLoanProduct(admin, 'Flat Loan');
  secondAdmin = await ctx.signedIn('admin');
});

let counter = 0;
/** A borrower who saved ₦100,000 (so may borrow ₦200,000), with ₦120,000 disbursed on 10 Jan 2026. */
async function runningLoan(): Promise<{ loanId: string; borrower: TestClient; userId: string }> {
  on('2026-01-10');
  counter += 1;
  const email = `topup.${counter}@kobo.test`;
  const staff = await addStaff(admin, { email, password: 'secret1', name: `Top-up Borrower ${counter}` });
  await deposit(admin, staff.userId, '100,000');
  const borrower = ctx.client();
  await borrower.post('/api/auth/sign-in', { email, password: 'secret1' });
  const applied = await borrower.post('/api/loans', { productId, amount: '120,000', months: '12', purpose: 'Rent' });
  expect(applied.statusCode, applied.body).toBe(201);
  const loanId: string = applied.json().loan.id;
  expect((await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' })).statusCode).toBe(200);
  expect((await admin.post(`/api/loans/${loanId}/disbursement`, { valueDate: '2026-01-10' })).statusCode).toBe(201);
  return { loanId, borrower, userId: staff.userId };
}

/** The first three instalments paid, the first with the ₦1,000 fee, on the 20th of Feb, Mar and Apr. */
async function payThree(loanId: string) {
  for (const [day, amount] of [
    ['2026-02-20', '12,200'],
    ['2026-03-20', '11,200'],
    ['2026-04-20', '11,200'],
  ] as const) {
    on(day);
    const paid = await admin.post(`/api/loans/${loanId}/repayments`, { amount, valueDate: day });
    expect(paid.statusCode, paid.body).toBe(201);
  }
}

const db = () => ctx.app.kobo.database.db;
const bankKobo = async () =>
  Number(
    (
      await queryRows<{ total: string }>(
        db(),
        sql`select coalesce(sum(amount_kobo), 0)::text as total from journal_lines where account_id = (select account_id from ledger_mappings where key = 'loans.disbursement')`,
      )
    )[0]?.total,
  );
const subledgerKobo = async (loanId: string) =>
  Number((await queryRows<{ total: string }>(db(), sql`select coalesce(sum(amount_kobo), 0)::text as total from journal_lines where subledger_id = ${loanId}`))[0]?.total);
const unbalancedEntries = async () =>
  queryRows<{ entry_id: string }>(db(), sql`select entry_id from journal_lines group by entry_id having sum(amount_kobo) <> 0`);

describe('a payoff quote', () => {
  it('₦120,000 with 3 of 12 paid, on 15 May 2026: ₦90,000 principal + ₦1,200 interest = ₦91,200, valid that day; the borrower sees the same', async () => {
    const { loanId, borrower } = await runningLoan();
    await payThree(loanId);
    on('2026-05-15');
    const expected = { loanId, on: '2026-05-15', validUntil: '2026-05-15', principalKobo: 9_000_000, interestKobo: 120_000, feeKobo: 0, penaltyKobo: 0, totalKobo: 9_120_000 };
    await expectNoRowsWritten(db(), async () => {
      const quote = await admin.get(`/api/loans/${loanId}/payoff-quote`);
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json().quote).toMatchObject({ ...expected, productName: 'Flat Loan', borrowerName: expect.stringContaining('Top-up Borrower') });
      expect((await borrower.get(`/api/loans/${loanId}/payoff-quote?on=2026-05-15`)).json().quote).toMatchObject(expected);
    });
    // 1 June: June's instalment has begun, its ₦1,200 interest is owed too.
    expect((await admin.get(`/api/loans/${loanId}/payoff-quote?on=2026-06-01`)).json().quote.totalKobo).toBe(9_240_000);
  });

  it("refuses a day before the last posting, a malformed day, and another member's loan", async () => {
    const { loanId } = await runningLoan();
    await payThree(loanId);
    const early = await admin.get(`/api/loans/${loanId}/payoff-quote?on=2026-04-19`);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ error: 'VALIDATION', field: 'on', message: MESSAGES.payoffQuoteDateInvalid });
    expect((await admin.get(`/api/loans/${loanId}/payoff-quote?on=2026-02-30`)).statusCode).toBe(400);
    const other = await runningLoan();
    expect((await other.borrower.get(`/api/loans/${loanId}/payoff-quote`)).statusCode).toBe(404);
  });
});

describe('a top-up', () => {
  it('is judged as if new, pays off the running loan at its quote and disburses the net: ₦150,000 − ₦91,200 − ₦1,000 fee = ₦57,800', async () => {
    const { loanId, borrower } = await runningLoan();
    await payThree(loanId);
    on('2026-05-15');
    // ₦200,000 limit less ₦90,000 borrowed leaves ₦110,000 for a new loan…
    const plain = await borrower.post('/api/loans', { productId, amount: '150,000', months: '12', purpose: 'Shop' });
    expect(plain.statusCode).toBe(409);
    expect(plain.json().error).toBe('LOAN_OUTSIDE_LIMITS');
    // …but a top-up counts the running loan as repaid: ₦200,000, not ₦210,000.
    const tooMuch = await borrower.post('/api/loans', { productId, amount: '210,000', months: '12', purpose: 'Shop', topsUpLoanId: loanId });
    expect(tooMuch.json().error).toBe('LOAN_OUTSIDE_LIMITS');
    const applied = await borrower.post('/api/loans', { productId, amount: '150,000', months: '12', purpose: 'Shop', topsUpLoanId: loanId });
    expect(applied.statusCode, applied.body).toBe(201);
    const topUpId: string = applied.json().loan.id;
    expect((await admin.post(`/api/loans/${topUpId}/decision`, { decision: 'approve' })).statusCode).toBe(200);

    const bankBefore = await bankKobo();
    const disbursed = await admin.post(`/api/loans/${topUpId}/disbursement`, { valueDate: '2026-05-15' });
    expect(disbursed.statusCode, disbursed.body).toBe(201);
    expect(disbursed.json().loan).toMatchObject({ status: 'active', ledger: { feeOutstandingKobo: 0, outstandingPrincipalKobo: 15_000_000 } });
    // Only the net left the bank.
    expect((await bankKobo()) - bankBefore).toBe(-5_780_000);
    const old = (await admin.get(`/api/loans/${loanId}`)).json().loan;
    expect(old.status).toBe('repaid');
    expect(old.ledger.outstandingTotalKobo).toBe(0);
    const rows = await queryRows<{ loan_id: string; type: string; amount: string; paid_by: string | null }>(
      db(),
      sql`select loan_id::text, type, amount_kobo::text as amount, paid_by_loan_id::text as paid_by from loan_transactions where loan_id in (${loanId}, ${topUpId}) and value_date = '2026-05-15' order by seq`,
    );
    expect(rows).toEqual([
      { loan_id: topUpId, type: 'disbursement', amount: '15000000', paid_by: null },
      { loan_id: topUpId, type: 'fee', amount: '100000', paid_by: null },
      { loan_id: loanId, type: 'repayment', amount: '9120000', paid_by: topUpId },
      { loan_id: topUpId, type: 'repayment', amount: '100000', paid_by: topUpId },
    ]);
    // The old loan's sub-ledger is closed; the new one holds its principal; every entry balances.
    expect(await subledgerKobo(loanId)).toBe(0);
    expect(await subledgerKobo(topUpId)).toBe(15_000_000);
    expect(await unbalancedEntries()).toEqual([]);
    const audit = (await admin.get('/api/audit?kind=loan.paid_off_by_top_up')).json().entries[0];
    expect(audit).toMatchObject({ after: { payoffKobo: 9_120_000, netKobo: 5_780_000, topUpLoanId: topUpId } });
    // The payoff and the fee are part of the disbursement: neither is reversed on its own.
    const payoffEntry = old.ledger.entries.find((entry: { type: string; paidByLoanId: string | null }) => entry.type === 'repayment' && entry.paidByLoanId === topUpId);
    const refused = await admin.post(`/api/loans/entries/${payoffEntry.id}/reversal`, { reason: 'Undo' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'LOAN_REVERSAL_REFUSED', message: MESSAGES.topUpNotReversible });
  });

  it('is refused with 409 when the net would be negative, changing nothing', async () => {
    const { loanId, borrower } = await runningLoan();
    on('2026-01-20');
    // Payoff on 20 Jan: ₦120,000 principal + ₦1,000 fee, no interest due yet; ₦100,000 − ₦121,000 − ₦1,000 < 0.
    const applied = await borrower.post('/api/loans', { productId, amount: '100,000', months: '12', purpose: 'Car', topsUpLoanId: loanId });
    expect(applied.statusCode, applied.body).toBe(201);
    const topUpId: string = applied.json().loan.id;
    await admin.post(`/api/loans/${topUpId}/decision`, { decision: 'approve' });
    await expectNoRowsWritten(db(), async () => {
      const refused = await admin.post(`/api/loans/${topUpId}/disbursement`, { valueDate: '2026-01-20' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'LOAN_TOPUP_NET_NEGATIVE', message: MESSAGES.topUpNetNegative });
    });
    expect((await admin.get(`/api/loans/${loanId}`)).json().loan.status).toBe('active');
  });

  it("of the same loan twice at once: one wins, the other is told one is open; another member's loan is refused", async () => {
    const { loanId, borrower } = await runningLoan();
    on('2026-01-20');
    const apply = () => borrower.post('/api/loans', { productId, amount: '130,000', months: '12', purpose: 'Twice', topsUpLoanId: loanId });
    const answers = await Promise.all([apply(), apply()]);
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error).toBe('LOAN_TOPUP_OPEN');
    const other = await runningLoan();
    const foreign = await other.borrower.post('/api/loans', { productId, amount: '130,000', months: '12', purpose: 'Not mine', topsUpLoanId: loanId });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toMatchObject({ error: 'LOAN_TOPUP_NOT_RUNNING', field: 'topsUpLoanId' });
  });
});

describe('a restructure', () => {
  it('without two-person approval applies at once: ₦90,000 over 18 months, 18 × ₦5,900, May’s ₦1,200 carried onto the first', async () => {
    const { loanId, borrower } = await runningLoan();
    await payThree(loanId);
    on('2026-05-15');
    const asked = await admin.post(`/api/loans/${loanId}/restructures`, { months: '18', reason: 'Salary cut' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().restructure).toMatchObject({ status: 'approved', newMonths: 18, principalKobo: 9_000_000, carriedInterestKobo: 120_000, reason: 'Salary cut' });
    const loan = (await admin.get(`/api/loans/${loanId}`)).json().loan;
    expect(loan.ledger.outstandingPrincipalKobo).toBe(9_000_000);
    expect(loan.ledger.instalments).toHaveLength(21);
    expect(loan.ledger.instalments[3]).toMatchObject({ number: 4, dueDate: '2026-06-30', principal: 500_000, interest: 210_000 });
    expect(loan.ledger.instalments[20]).toMatchObject({ number: 21, dueDate: '2027-11-30', principal: 500_000, interest: 90_000 });
    // The history keeps the old schedule, and the borrower reads it too.
    const history = (await borrower.get(`/api/loans/${loanId}/restructures`)).json().restructures;
    expect(history).toHaveLength(1);
    expect(history[0].oldInstalments).toHaveLength(12);
    expect(history[0].oldInstalments[3]).toMatchObject({ number: 4, dueDate: '2026-05-31', principal: 1_000_000, interest: 120_000, principalPaid: 0 });
    expect((await admin.get('/api/audit?kind=loan.restructured')).json().entries[0]).toMatchObject({ after: { months: 18, reason: 'Salary cut' } });
  });

  it('with two-person approval waits for a second officer: the maker cannot approve it; a new instalment of ₦7,000 gives 15 months of ₦6,900', async () => {
    const { loanId } = await runningLoan();
    await payThree(loanId);
    on('2026-05-15');
    await admin.request('PUT', '/api/loans/settings', { twoPersonApproval: true });
    try {
      const asked = await admin.post(`/api/loans/${loanId}/restructures`, { instalment: '7,000', reason: 'Hardship' });
      expect(asked.statusCode, asked.body).toBe(201);
      const restructure = asked.json().restructure;
      expect(restructure).toMatchObject({ status: 'pending', instalmentKobo: 700_000, months: null, oldInstalments: [] });
      expect((await admin.get(`/api/loans/${loanId}`)).json().loan.ledger.instalments).toHaveLength(12);
      const again = await secondAdmin.post(`/api/loans/${loanId}/restructures`, { months: '6', reason: 'Twice' });
      expect(again.json().error).toBe('LOAN_RESTRUCTURE_PENDING');
      const own = await admin.post(`/api/loans/restructures/${restructure.id}/decision`, { decision: 'approve' });
      expect(own.statusCode).toBe(403);
      expect(own.json().error).toBe('SECOND_OFFICER_REQUIRED');
      const approved = await secondAdmin.post(`/api/loans/restructures/${restructure.id}/decision`, { decision: 'approve' });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().restructure).toMatchObject({ status: 'approved', newMonths: 15, principalKobo: 9_000_000 });
      const instalments = (await admin.get(`/api/loans/${loanId}`)).json().loan.ledger.instalments;
      expect(instalments).toHaveLength(18);
      expect(instalments[4]).toMatchObject({ number: 5, principal: 600_000, interest: 90_000 });
      const twice = await secondAdmin.post(`/api/loans/restructures/${restructure.id}/decision`, { decision: 'decline', reason: 'Late' });
      expect(twice.json().error).toBe('LOAN_RESTRUCTURE_NOT_PENDING');
    } finally {
      await admin.request('PUT', '/api/loans/settings', { twoPersonApproval: false });
    }
  });

  it('refuses hostile input with 400, changing nothing', async () => {
    const { loanId } = await runningLoan();
    await expectNoRowsWritten(db(), async () => {
      for (const body of [{ reason: 'No term' }, { months: '6', instalment: '5,000', reason: 'Both' }, { months: '0', reason: 'Zero' }, { months: '6' }, { months: '6', reason: 'x'.repeat(501) }, { instalment: '-5', reason: 'Negative' }]) {
        const answer = await admin.post(`/api/loans/${loanId}/restructures`, body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      }
      const tooSmall = await admin.post(`/api/loans/${loanId}/restructures`, { instalment: '900', reason: 'Tiny' });
      expect(tooSmall.statusCode).toBe(400);
      expect(tooSmall.json()).toMatchObject({ field: 'instalment', message: MESSAGES.restructureInstalmentTooSmall });
    });
  });
});
