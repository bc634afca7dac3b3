import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { activeLoan, entryLinesOf, guarantee } from '../exits/exit-settlement-test-support.ts';
import { createFlatLoanProduct } from '../loans/loan-test-support.ts';
import { depositInto } from '../savings-reports/savings-reports-test-support.ts';
import { addStaff, openSavingsContext } from '../savings/savings-test-support.ts';

/**
 * Issue 33, "Recovery from guarantors", through the API on both databases. COOPERATIVE.md's flat
 * loan: ₦120,000 at 12% for 12 months, instalments of ₦11,200 (₦10,000 principal + ₦1,200
 * interest). Disbursed 10 Jun 2026, its instalments fall due from 31 Jul; on 30 Oct three are
 * unpaid (31 Jul, 31 Aug, 30 Sep): ₦33,600 overdue, 91 days in arrears, in default at the default
 * 90 days. Guarantees of ₦60,000 and ₦30,000 pay ₦22,400 and ₦11,200.
 */
const clock = new Date('2026-10-30T10:00:00+01:00');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => clock,
);
const db = () => ctx.app.kobo.database.db as Database;

let product = '';
let people = 0;

/** A member with ₦`kobo` ordinary savings valued 1 Jun 2026, signed in on their own client. */
async function member(name: string, kobo: number) {
  people += 1;
  const email = `recovery.${people}.${Date.now().toString(36)}@kobo.test`;
  const staff = await addStaff(admin, { email, password: 'secret1', name });
  if (kobo > 0) await depositInto(db(), staff.userId, ORDINARY_SAVINGS_PRODUCT_ID, kobo, '2026-06-01');
  const client = ctx.client();
  const signedIn = await client.post('/api/auth/sign-in', { email, password: 'secret1' });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return { userId: staff.userId, name, email, client };
}

/** A defaulted loan of `borrowerName`'s with guarantors of ₦60,000 and ₦30,000 (the second's savings `secondSavings`). */
async function defaultedLoan(borrowerName: string, secondSavings = 10_000_000) {
  if (!product) product = await createFlatLoanProduct(admin, 'Recovery test product');
  const borrower = await member(borrowerName, 6_000_000);
  const first = await member(`${borrowerName}'s first guarantor`, 10_000_000);
  const second = await member(`${borrowerName}'s second guarantor`, secondSavings);
  const loanId = await activeLoan(db(), { userId: borrower.userId, productId: product, principalKobo: 12_000_000, disbursedOn: '2026-06-10' });
  await guarantee(db(), loanId, first.userId, 6_000_000);
  await guarantee(db(), loanId, second.userId, 3_000_000);
  return { loanId, borrower, first, second };
}

async function ordinaryBalance(userId: string): Promise<number> {
  const [row] = await queryRows<{ kobo: string }>(db(), sql`select balance_kobo::text as kobo from savings_accounts where user_id = ${userId} and product_id = ${ORDINARY_SAVINGS_PRODUCT_ID}::uuid`);
  return Number(row!.kobo);
}

async function holdsOf(loanId: string) {
  return queryRows<{ amount_kobo: string; status: string }>(db(), sql`select amount_kobo::text, status from loan_guarantors where loan_id = ${loanId} order by amount_kobo desc`);
}

async function counts(loanId: string) {
  const [row] = await queryRows<{ entries: string; claims: string; repayments: string; rows: string }>(
    db(),
    sql`select (select count(*) from journal_entries where source_type = 'loan_recovery')::text as entries,
               (select count(*) from guarantor_claims where loan_id = ${loanId})::text as claims,
               (select count(*) from loan_transactions where loan_id = ${loanId} and type = 'repayment')::text as repayments,
               (select count(*) from savings_transactions where description like 'Guarantor recovery%')::text as rows`,
  );
  return row!;
}

let secondAdmin: SignedInClient;
let thirdAdmin: SignedInClient;
async function officers() {
  secondAdmin ??= await ctx.signedIn('admin');
  thirdAdmin ??= await ctx.signedIn('admin');
}

describe('the default setting', () => {
  it('is 90 days until an officer changes it, and refuses anything but 1 to 3,650 days', async () => {
    expect((await admin.get('/api/loan-recovery/settings')).json()).toEqual({ defaultDays: 90 });
    for (const defaultDays of [0, 3651, 1.5, '90', null]) {
      const refused = await admin.request('PUT', '/api/loan-recovery/settings', { defaultDays });
      expect(refused.statusCode, String(defaultDays)).toBe(400);
    }
    expect((await admin.get('/api/loan-recovery/settings')).json()).toEqual({ defaultDays: 90 });
  });

  it('decides whether a loan is in default: 91 days in arrears is, at 90 days but not at 100', async () => {
    const { loanId } = await defaultedLoan('Dayo Default');
    const position = (await admin.get(`/api/loans/${loanId}/recovery`)).json();
    expect([position.daysInArrears, position.overdueKobo, position.isInDefault]).toEqual([91, 3_360_000, true]);
    expect((await admin.request('PUT', '/api/loan-recovery/settings', { defaultDays: 100 })).statusCode).toBe(200);
    expect((await admin.get(`/api/loans/${loanId}/recovery`)).json().isInDefault).toBe(false);
    const refused = await admin.post(`/api/loans/${loanId}/recoveries`);
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'RECOVERY_NOT_IN_DEFAULT']);
    expect((await admin.request('PUT', '/api/loan-recovery/settings', { defaultDays: 90 })).statusCode).toBe(200);
    const [audit] = await queryRows<{ n: string }>(db(), sql`select count(*)::text as n from audit_log where kind = 'loan_recovery.settings_changed'`);
    expect(audit!.n).toBe('2');
  });
});

describe('a recovery proposed and approved by two officers', () => {
  let loan: Awaited<ReturnType<typeof defaultedLoan>>;
  let recoveryId = '';

  it('proposes ₦33,600 split as ₦22,400 and ₦11,200, moving nothing yet', async () => {
    await officers();
    loan = await defaultedLoan('Bola Borrower');
    const preview = (await admin.get(`/api/loans/${loan.loanId}/recovery`)).json();
    expect(preview.shares.map((share: { name: string; amountKobo: number }) => [share.name, share.amountKobo])).toEqual([
      ["Bola Borrower's first guarantor", 2_240_000],
      ["Bola Borrower's second guarantor", 1_120_000],
    ]);
    const proposed = await admin.post(`/api/loans/${loan.loanId}/recoveries`);
    expect(proposed.statusCode, proposed.body).toBe(201);
    recoveryId = proposed.json().id;
    expect(proposed.json()).toMatchObject({ status: 'proposed', overdueKobo: 3_360_000, amountKobo: 3_360_000, daysInArrears: 91, borrowerName: 'Bola Borrower' });
    expect(await counts(loan.loanId)).toEqual({ entries: '0', claims: '0', repayments: '0', rows: '0' });
    expect(await ordinaryBalance(loan.first.userId)).toBe(10_000_000);
    const again = await secondAdmin.post(`/api/loans/${loan.loanId}/recoveries`);
    expect([again.statusCode, again.json().error]).toEqual([409, 'RECOVERY_ALREADY_PROPOSED']);
  });

  it('lists it for the approvers, and refuses the proposer’s own approval', async () => {
    const pending = (await secondAdmin.get('/api/loan-recoveries?status=proposed')).json().recoveries;
    expect(pending.map((recovery: { id: string }) => recovery.id)).toContain(recoveryId);
    const own = await admin.post(`/api/loan-recoveries/${recoveryId}/approve`);
    expect([own.statusCode, own.json().error]).toEqual([403, 'RECOVERY_OWN_APPROVAL']);
    expect(await counts(loan.loanId)).toEqual({ entries: '0', claims: '0', repayments: '0', rows: '0' });
  });

  it('posts once when two officers approve at once: savings, the loan, holds, debts and one balanced entry', async () => {
    const answers = await Promise.all([secondAdmin.post(`/api/loan-recoveries/${recoveryId}/approve`), thirdAdmin.post(`/api/loan-recoveries/${recoveryId}/approve`)]);
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error).toBe('RECOVERY_NOT_PROPOSED');
    const approved = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(approved).toMatchObject({ status: 'approved', valueDate: '2026-10-30' });
    expect(await counts(loan.loanId)).toEqual({ entries: '1', claims: '2', repayments: '1', rows: '2' });

    expect(await ordinaryBalance(loan.first.userId)).toBe(7_760_000);
    expect(await ordinaryBalance(loan.second.userId)).toBe(8_880_000);
    expect(await holdsOf(loan.loanId)).toEqual([
      { amount_kobo: '3760000', status: 'accepted' },
      { amount_kobo: '1880000', status: 'accepted' },
    ]);
    const [rows] = await queryRows<{ descriptions: string[] }>(
      db(),
      sql`select array_agg(distinct description) as descriptions from savings_transactions where description like 'Guarantor recovery%'`,
    );
    expect(rows!.descriptions).toEqual(["Guarantor recovery for Bola Borrower's loan (Exit test loan)"]);

    // Dr each guarantor's savings (the members' savings control, their account as sub-ledger) /
    // Cr Loans to members ₦30,000 principal / Cr loan interest income ₦3,600.
    const lines = await entryLinesOf(db(), approved.entryId);
    expect(lines.map((line) => [line.subledger, line.kobo])).toEqual([
      [true, 2_240_000],
      [true, 1_120_000],
      [true, -3_000_000],
      [false, -360_000],
    ]);
    expect(lines.reduce((sum, line) => sum + line.kobo, 0)).toBe(0);

    const position = (await admin.get(`/api/loans/${loan.loanId}/recovery`)).json();
    expect([position.overdueKobo, position.isInDefault]).toEqual([0, false]);
    expect(position.claims.map((claim: { guarantorName: string; owedKobo: number }) => [claim.guarantorName, claim.owedKobo])).toEqual([
      ["Bola Borrower's first guarantor", 2_240_000],
      ["Bola Borrower's second guarantor", 1_120_000],
    ]);
  });

  it("refuses reversing the recovery's loan repayment on its own, changing nothing", async () => {
    const [repayment] = await queryRows<{ id: string }>(db(), sql`select repayment_id::text as id from loan_recoveries where id = ${recoveryId}`);
    const refused = await admin.post(`/api/loans/entries/${repayment!.id}/reversal`, { reason: 'Posted in error' });
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'LOAN_REVERSAL_REFUSED']);
    expect(await counts(loan.loanId)).toEqual({ entries: '1', claims: '2', repayments: '1', rows: '2' });
  });

  it("refuses reversing a guarantor's recovery withdrawal on its own, changing nothing", async () => {
    const [withdrawal] = await queryRows<{ id: string }>(
      db(),
      sql`select t.id::text from savings_transactions t join savings_accounts a on a.id = t.account_id
          where a.user_id = ${loan.first.userId} and t.description like 'Guarantor recovery%'`,
    );
    const refused = await admin.post(`/api/savings/transactions/${withdrawal!.id}/reversal`, { reason: 'Posted in error' });
    expect([refused.statusCode, refused.json().error, refused.json().message]).toEqual([
      409,
      'REVERSAL_PART_OF_SETTLEMENT',
      "This posting is part of a guarantor recovery or a member's exit, so it cannot be reversed on its own.",
    ]);
    expect(await ordinaryBalance(loan.first.userId)).toBe(7_760_000);
    const [reversals] = await queryRows<{ count: string }>(db(), sql`select count(*)::text as count from savings_transactions where reverses_id = ${withdrawal!.id}`);
    expect(reversals!.count).toBe('0');
  });

  it('mails each guarantor and the borrower', async () => {
    const mails = await queryRows<{ to_email: string; kind: string; subject: string }>(
      db(),
      sql`select to_email, kind, subject from mail_outbox where kind like 'loan_recovery.%' order by to_email`,
    );
    expect(mails.map((mail) => [mail.to_email, mail.kind, mail.subject]).toSorted()).toEqual(
      [
        [loan.borrower.email, 'loan_recovery.borrower', 'Your guarantors paid ₦33,600.00 of your loan'],
        [loan.first.email, 'loan_recovery.guarantor', "₦22,400.00 recovered from your savings for Bola Borrower's loan"],
        [loan.second.email, 'loan_recovery.guarantor', "₦11,200.00 recovered from your savings for Bola Borrower's loan"],
      ].toSorted(),
    );
    // And no bare receipt for the repayment the recovery wrote: the borrower's mail tells of it.
    const receipts = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_notices where ledger = 'loan' and entry_id in (select repayment_id from loan_recoveries where status = 'approved')`,
    );
    expect(receipts).toEqual([{ n: 0 }]);
  });

  it('shows the debt to the borrower and to each guarantor, and to nobody else', async () => {
    const borrowerView = (await loan.borrower.client.get('/api/account/guarantor-claims')).json();
    expect(borrowerView.owedByMe.map((claim: { guarantorName: string; owedKobo: number }) => [claim.guarantorName, claim.owedKobo])).toEqual([
      ["Bola Borrower's first guarantor", 2_240_000],
      ["Bola Borrower's second guarantor", 1_120_000],
    ]);
    expect(borrowerView.owedToMe).toEqual([]);
    const guarantorView = (await loan.first.client.get('/api/account/guarantor-claims')).json();
    expect(guarantorView.owedToMe.map((claim: { borrowerName: string; owedKobo: number }) => [claim.borrowerName, claim.owedKobo])).toEqual([['Bola Borrower', 2_240_000]]);
    expect(guarantorView.owedByMe).toEqual([]);
  });

  it('records the borrower repaying a guarantor, never more than is owed', async () => {
    const [claim] = (await admin.get(`/api/loans/${loan.loanId}/recovery`)).json().claims;
    for (const amount of ['0', '-5', 'abc', '']) {
      const refused = await admin.post(`/api/guarantor-claims/${claim.id}/repayments`, { amount });
      expect(refused.statusCode, amount).toBe(400);
    }
    const tooMuch = await admin.post(`/api/guarantor-claims/${claim.id}/repayments`, { amount: '22,400.01' });
    expect([tooMuch.statusCode, tooMuch.json().error]).toEqual([409, 'CLAIM_REPAYMENT_TOO_MUCH']);
    const repaid = await admin.post(`/api/guarantor-claims/${claim.id}/repayments`, { amount: '5,000' });
    expect(repaid.statusCode, repaid.body).toBe(200);
    expect([repaid.json().repaidKobo, repaid.json().owedKobo]).toEqual([500_000, 1_740_000]);
    expect((await admin.post(`/api/guarantor-claims/not-a-claim/repayments`, { amount: '1' })).statusCode).toBe(404);
  });
});

describe('a recovery that cannot or must not post', () => {
  it('never overdraws a guarantor: a share is capped by what their savings can give', async () => {
    await officers();
    // The second guarantor guaranteed ₦30,000 but holds only ₦5,000 now: they pay ₦5,000, not ₦11,200.
    const loan = await defaultedLoan('Chike Capped', 500_000);
    const proposed = await admin.post(`/api/loans/${loan.loanId}/recoveries`);
    expect(proposed.json().shares.map((share: { proportionalKobo: number; amountKobo: number }) => [share.proportionalKobo, share.amountKobo])).toEqual([
      [2_240_000, 2_240_000],
      [1_120_000, 500_000],
    ]);
    expect(proposed.json().amountKobo).toBe(2_740_000);
    const approved = await secondAdmin.post(`/api/loan-recoveries/${proposed.json().id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await ordinaryBalance(loan.second.userId)).toBe(0);
    expect((await admin.get(`/api/loans/${loan.loanId}/recovery`)).json().overdueKobo).toBe(620_000);
  });

  it('refuses, changing nothing, when the loan moved since the proposal', async () => {
    const loan = await defaultedLoan('Efe Changed');
    const proposed = (await admin.post(`/api/loans/${loan.loanId}/recoveries`)).json();
    const before = await counts(loan.loanId);
    const repaid = await admin.post(`/api/loans/${loan.loanId}/repayments`, { amount: '11,200' });
    expect(repaid.statusCode, repaid.body).toBe(201);
    const refused = await secondAdmin.post(`/api/loan-recoveries/${proposed.id}/approve`);
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'RECOVERY_CHANGED']);
    expect(await counts(loan.loanId)).toEqual({ ...before, repayments: String(Number(before.repayments) + 1) });
    expect(await ordinaryBalance(loan.first.userId)).toBe(10_000_000);
    expect(await holdsOf(loan.loanId)).toEqual([
      { amount_kobo: '6000000', status: 'accepted' },
      { amount_kobo: '3000000', status: 'accepted' },
    ]);
  });

  it('takes one of two proposals made at once, and its reading writes nothing', async () => {
    const loan = await defaultedLoan('Gbenga Twice');
    const [before] = await queryRows<{ audit: string; recoveries: string }>(db(), sql`select (select count(*) from audit_log)::text as audit, (select count(*) from loan_recoveries)::text as recoveries`);
    expect((await admin.get(`/api/loans/${loan.loanId}/recovery`)).statusCode).toBe(200);
    const [afterRead] = await queryRows<{ audit: string; recoveries: string }>(db(), sql`select (select count(*) from audit_log)::text as audit, (select count(*) from loan_recoveries)::text as recoveries`);
    expect(afterRead).toEqual(before);
    const answers = await Promise.all([admin.post(`/api/loans/${loan.loanId}/recoveries`), secondAdmin.post(`/api/loans/${loan.loanId}/recoveries`)]);
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().error).toBe('RECOVERY_ALREADY_PROPOSED');
  });

  it('is declined with a reason, and then cannot be approved', async () => {
    const loan = await defaultedLoan('Funmi Declined');
    const proposed = (await admin.post(`/api/loans/${loan.loanId}/recoveries`)).json();
    const noReason = await secondAdmin.post(`/api/loan-recoveries/${proposed.id}/decline`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    const declined = await secondAdmin.post(`/api/loan-recoveries/${proposed.id}/decline`, { reason: 'The borrower has agreed a payment plan' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', declineReason: 'The borrower has agreed a payment plan' });
    const late = await thirdAdmin.post(`/api/loan-recoveries/${proposed.id}/approve`);
    expect([late.statusCode, late.json().error]).toEqual([409, 'RECOVERY_NOT_PROPOSED']);
    // A new proposal may follow the declined one.
    expect((await admin.post(`/api/loans/${loan.loanId}/recoveries`)).statusCode).toBe(201);
  });

  it('answers 404 for a loan or recovery that does not exist, and a member cannot act', async () => {
    expect((await admin.get('/api/loans/not-a-loan/recovery')).statusCode).toBe(404);
    expect((await admin.post('/api/loans/00000000-0000-4000-8000-000000000000/recoveries')).statusCode).toBe(404);
    expect((await secondAdmin.post('/api/loan-recoveries/not-a-recovery/approve')).statusCode).toBe(404);
    const outsider = await member('Olu Outsider', 100_000);
    expect((await outsider.client.get('/api/loan-recoveries')).statusCode).toBe(403);
  });
});

describe('a recovery that pays every instalment of a loan owing penalties', () => {
  // Found by the simulator (issue 35, seed 1, 2017-01-25): the approval marked such a loan repaid, its
  // penalties left in Penalties receivable on a loan nobody would collect from again. Now it stays
  // active owing only its penalties (decision 053: the total includes them) until they are paid or waived.
  it('leaves the loan active owing its penalties, and a waiver then closes it', async () => {
    await officers();
    const penalised = await createFlatLoanProduct(admin, 'Recovery penalised product', {
      penaltyKind: 'percent',
      penaltyValue: '2',
      penaltyFrequency: 'monthly',
      penaltyGraceDays: '7',
      penaltyCapKind: 'percent',
      penaltyCapValue: '10',
      penaltyOrder: 'first',
    });
    const borrower = await member('Kemi Penalised', 6_000_000);
    const guarantor = await member("Kemi Penalised's guarantor", 20_000_000);
    // ₦120,000 over 3 months: ₦41,200 due 31 Jul, 31 Aug and 30 Sep, all unpaid on 30 Oct.
    const loanId = await activeLoan(db(), { userId: borrower.userId, productId: penalised, principalKobo: 12_000_000, disbursedOn: '2026-06-10', months: 3 });
    await guarantee(db(), loanId, guarantor.userId, 13_000_000);
    expect((await admin.post('/api/loan-penalties/run', { businessDate: '2026-10-30' })).statusCode).toBe(200);
    // 2% of ₦41,200 (₦824) on 8 Aug, 8 Sep and 8 Oct for the first, two for the second, one for the third.
    expect((await admin.get(`/api/loans/${loanId}/penalties`)).json()).toMatchObject({ chargedKobo: 494_400, outstandingKobo: 494_400 });

    const proposed = await admin.post(`/api/loans/${loanId}/recoveries`);
    expect([proposed.statusCode, proposed.json().amountKobo]).toEqual([201, 12_360_000]);
    const approved = await secondAdmin.post(`/api/loan-recoveries/${proposed.json().id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);

    const after = (await admin.get(`/api/loans/${loanId}`)).json().loan;
    expect([after.status, after.ledger.outstandingPrincipalKobo, after.ledger.outstandingTotalKobo]).toEqual(['active', 0, 494_400]);
    expect((await admin.get(`/api/loans/${loanId}/penalties`)).json()).toMatchObject({ paidKobo: 0, outstandingKobo: 494_400 });
    expect(await holdsOf(loanId)).toEqual([{ amount_kobo: '640000', status: 'accepted' }]);
    expect(await ordinaryBalance(guarantor.userId)).toBe(7_640_000);

    const waived = await admin.post(`/api/loans/${loanId}/penalties/waive`, { reason: 'Recovered from the guarantor' });
    expect(waived.statusCode, waived.body).toBe(200);
    expect((await admin.get(`/api/loans/${loanId}`)).json().loan.status).toBe('repaid');
  });
});

describe('a recovery approved at the same instant as another repayment of the loan', () => {
  // Found by the simulator (issue 35, seed 3, 2021-02-19, its clock one instant a day): the approval
  // looked its repayment up by time and linked the desk repayment made the same instant, so the
  // recovery's own repayment could be reversed alone (201), crediting cash that never came in.
  it("links its own repayment, which is then refused a reversal on its own", async () => {
    await officers();
    const loan = await defaultedLoan('Ngozi Same-Instant');
    // The test clock stands still: this repayment and the recovery's share one created_at.
    const paid = await admin.post(`/api/loans/${loan.loanId}/repayments`, { amount: '1,000' });
    expect(paid.statusCode, paid.body).toBe(201);
    const proposed = (await admin.post(`/api/loans/${loan.loanId}/recoveries`)).json();
    expect(proposed.amountKobo).toBe(3_260_000);
    const approved = await secondAdmin.post(`/api/loan-recoveries/${proposed.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);

    const [linked] = await queryRows<{ amount_kobo: string }>(
      db(),
      sql`select t.amount_kobo::text from loan_recoveries r join loan_transactions t on t.id = r.repayment_id where r.id = ${proposed.id}`,
    );
    expect(linked!.amount_kobo).toBe('3260000');
    const [own] = await queryRows<{ id: string }>(db(), sql`select id::text from loan_transactions where loan_id = ${loan.loanId} and type = 'repayment' and amount_kobo = 3260000`);
    const refused = await admin.post(`/api/loans/entries/${own!.id}/reversal`, { reason: 'Posted in error' });
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'LOAN_REVERSAL_REFUSED']);
  });
});
