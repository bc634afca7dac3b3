import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import type { SignedInClient, TestContext } from '../test/test-app.ts';
import { addStaff, deposit } from '../modules/savings/savings-test-support.ts';
import { createFlatLoanProduct } from '../modules/loans/loan-test-support.ts';
import { APP_URL, deliver, mailsTo, openMailContext, readable, subjectOf, waitingNotices, type SmtpSink } from './mail-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
let smtp: SmtpSink;
// Loans are paid out on 10 March 2026; the first instalment is due in April, repaid on payday.
const PAID_OUT = new Date('2026-03-10T09:00:00Z');
const PAYDAY = new Date('2026-04-28T09:00:00Z');
let now = PAID_OUT;
openMailContext(
  (opened) => ({ ctx, admin, smtp } = opened),
  () => now,
);

let productId = '';
beforeAll(async () => {
  productId = await createFlatLoanProduct(admin, 'Mailed Loan', { overpayment: 'reduce_term' });
});

/**
 * A ₦120,000 loan over 12 months at 12% flat with a ₦1,000 fee, paid out on 10 March: twelve
 * instalments of ₦10,000 principal + ₦1,200 interest from April, so ₦135,400.00 owed in all.
 */
async function paidOutLoan(email: string): Promise<string> {
  now = PAID_OUT;
  const borrower = await addStaff(admin, { name: 'Kemi Borrower', email });
  await deposit(admin, borrower.userId, '100,000');
  const applied = await admin.post('/api/loans', { productId, amount: '120,000', months: '12', purpose: 'School fees', userId: borrower.userId });
  expect(applied.statusCode, applied.body).toBe(201);
  const loanId = applied.json().loan.id;
  expect((await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' })).statusCode).toBe(200);
  const paid = await admin.post(`/api/loans/${loanId}/disbursement`, {});
  expect(paid.statusCode, paid.body).toBe(201);
  return loanId;
}

const loanMails = (email: string) => mailsTo(smtp, email).filter((mail) => !subjectOf(mail).includes('on your savings'));

describe("a borrower's loan mail", () => {
  it('tells of the payout, with its fee and what is owed, and of each repayment with what is left', async () => {
    const loanId = await paidOutLoan('kemi.loan@kobo.test');
    now = PAYDAY;
    const repaid = await admin.post(`/api/loans/${loanId}/repayments`, { amount: '12,200' });
    expect(repaid.statusCode, repaid.body).toBe(201);
    await deliver(ctx);

    const mails = loanMails('kemi.loan@kobo.test');
    expect(mails.map(subjectOf).toSorted()).toEqual(['Loan repayment of ₦12,200.00 received', 'Your loan of ₦120,000.00 has been paid out']);
    const payout = mails.find((mail) => subjectOf(mail).includes('paid out'));
    expect(readable(payout)).toContain(
      [
        'Hello Kemi Borrower,',
        '',
        'Your ₦120,000.00 loan (Mailed Loan) was paid out.',
        '',
        'Value date: 10 Mar 2026',
        'Processing fee: ₦1,000.00',
        'Outstanding after it: ₦135,400.00',
        `Posted by: Test admin (${admin.email})`,
        '',
        `Your loans in Kobo: ${APP_URL}/staff-savings`,
        '',
        `You get this email because "Loan updates" is on in your Kobo settings. To turn it off: ${APP_URL}/user-settings`,
      ].join('\n'),
    );
    // ₦12,200 pays the fee, then April's ₦1,200 interest and ₦10,000 principal.
    const repayment = mails.find((mail) => subjectOf(mail).includes('repayment'));
    expect(readable(repayment)).toContain(
      [
        'A repayment of ₦12,200.00 was posted on your ₦120,000.00 loan (Mailed Loan).',
        '',
        'Value date: 28 Apr 2026',
        'Outstanding after it: ₦123,200.00',
        `Posted by: Test admin (${admin.email})`,
      ].join('\n'),
    );
  });

  it("tells of a repayment in the month's run, once, though the run wrote one notice for all its rows", async () => {
    const loanId = await paidOutLoan('tayo.loan@kobo.test');
    const [borrower] = await queryRows<{ staff_id: string }>(ctx.app.kobo.database.db, sql`select a.staff_id from loans l join savings_accounts a on a.id = l.account_id where l.id = ${loanId}`);
    const staffId = borrower?.staff_id as string;
    await deliver(ctx);
    now = PAYDAY;
    const run = await admin.post('/api/savings/batches', { month: '2026-04', rows: [{ ref: staffId, amount: '', loanRepayment: '12,200' }] });
    expect(run.statusCode, run.body).toBe(201);
    // Migration 0039: the run's repayments are one notice until the notifier turns it into theirs.
    expect(await waitingNotices(ctx)).toBe(1);
    await deliver(ctx);
    expect(await waitingNotices(ctx)).toBe(0);

    const repayments = loanMails('tayo.loan@kobo.test').filter((mail) => subjectOf(mail).includes('repayment'));
    expect(repayments.map(subjectOf)).toEqual(['Loan repayment of ₦12,200.00 received']);
    // April 2026's payday is Tuesday the 28th; ₦12,200 pays the fee, April's interest and ₦10,000 principal.
    expect(readable(repayments[0])).toContain(['Value date: 28 Apr 2026', 'Outstanding after it: ₦123,200.00'].join('\n'));
  });

  it('tells of a reversed repayment, why, and what is owed again', async () => {
    const loanId = await paidOutLoan('ifeoma.loan@kobo.test');
    now = PAYDAY;
    const repaid = await admin.post(`/api/loans/${loanId}/repayments`, { amount: '5,000' });
    const entryId = repaid.json().loan.ledger.entries.find((entry: { type: string }) => entry.type === 'repayment').id;
    const reversed = await admin.post(`/api/loans/entries/${entryId}/reversal`, { reason: 'Bounced transfer' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    await deliver(ctx);

    const reversal = loanMails('ifeoma.loan@kobo.test').find((mail) => subjectOf(mail) === 'Loan repayment of ₦5,000.00 reversed');
    expect(readable(reversal)).toContain(
      [
        'The repayment of ₦5,000.00 valued 28 Apr 2026 on your ₦120,000.00 loan (Mailed Loan) was reversed.',
        '',
        'Reason: Bounced transfer',
        'Value date: 28 Apr 2026',
        'Outstanding after it: ₦135,400.00',
      ].join('\n'),
    );
    // The repayment's own mail still says what it left at the time: ₦5,000 less.
    const repayment = loanMails('ifeoma.loan@kobo.test').find((mail) => subjectOf(mail) === 'Loan repayment of ₦5,000.00 received');
    expect(readable(repayment)).toContain('Outstanding after it: ₦130,400.00\n');
  });

  it('tells of a reversed payout as owing nothing', async () => {
    const loanId = await paidOutLoan('sade.loan@kobo.test');
    const detail = (await admin.get(`/api/loans/${loanId}`)).json();
    const payoutId = detail.loan.ledger.entries.find((entry: { type: string }) => entry.type === 'disbursement').id;
    const reversed = await admin.post(`/api/loans/entries/${payoutId}/reversal`, { reason: 'Wrong account' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    await deliver(ctx);

    const mails = loanMails('sade.loan@kobo.test');
    // One mail for the payout and one for its reversal: the fee's own entries add none.
    expect(mails.map(subjectOf).toSorted()).toEqual(['Your loan of ₦120,000.00 has been paid out', 'Your loan payout was reversed']);
    expect(readable(mails.find((mail) => subjectOf(mail) === 'Your loan payout was reversed'))).toContain(
      [
        'The payout of your ₦120,000.00 loan (Mailed Loan) was reversed: the loan is approved again, with nothing paid out on it.',
        '',
        'Reason: Wrong account',
        'Value date: 10 Mar 2026',
        'Outstanding after it: ₦0.00',
      ].join('\n'),
    );
  });

  it('tells of a write-off, with what was written off', async () => {
    const loanId = await paidOutLoan('yemi.loan@kobo.test');
    const written = await admin.post(`/api/loans/${loanId}/write-off`, { reason: 'Left the company' });
    expect(written.statusCode, written.body).toBe(200);
    await deliver(ctx);

    const writeOff = loanMails('yemi.loan@kobo.test').find((mail) => subjectOf(mail) === 'Your loan has been written off');
    expect(readable(writeOff)).toContain(
      [
        'Your ₦120,000.00 loan (Mailed Loan) was written off on 10 Mar 2026.',
        '',
        'Reason: Left the company',
        'Written off: ₦135,400.00',
        `Written off by: Test admin (${admin.email})`,
      ].join('\n'),
    );
  });

  it('is not sent to a borrower who turned loan mail off; their savings receipts still are', async () => {
    const email = 'quiet.borrower@kobo.test';
    const borrower = await addStaff(admin, { email });
    const quiet = ctx.client();
    expect((await quiet.post('/api/auth/sign-in', { email, password: 'secret1' })).statusCode).toBe(200);
    expect((await quiet.request('PUT', '/api/account/mail-preferences', { loans: false })).statusCode).toBe(200);
    now = PAID_OUT;
    await deposit(admin, borrower.userId, '100,000');
    const applied = await admin.post('/api/loans', { productId, amount: '10,000', months: '10', purpose: 'Rent', userId: borrower.userId });
    const loanId = applied.json().loan.id;
    await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' });
    expect((await admin.post(`/api/loans/${loanId}/disbursement`, {})).statusCode).toBe(201);
    await deliver(ctx);

    expect(loanMails(email)).toEqual([]);
    expect(mailsTo(smtp, email).map(subjectOf)).toEqual(['Deposit of ₦100,000.00 on your savings']);
  });
});
