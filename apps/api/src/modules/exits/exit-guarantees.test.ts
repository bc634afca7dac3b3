import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { createTestContext, type SignedInClient, type TestClient, type TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, deposit, expectNoLedgerDrift } from '../savings/savings-test-support.ts';

/**
 * Issue 32, "Guarantees first", and "from notice on, no new loan or guarantee": the guarantees a
 * leaving member gives, listed on their exit; released by an officer (the borrower's own savings
 * are enough) or by another member accepting in their place on their loans page; and the loans
 * module's refusals of a leaving member. COOPERATIVE.md's loan: ₦120,000 over 12 months at 12%
 * flat, one guarantor for the whole ₦120,000.
 */
const clock = new Date('2026-11-26T10:00:00+01:00');
let ctx: TestContext;
let admin: SignedInClient;
let productId = '';

beforeAll(async () => {
  ctx = await createTestContext({ APP_URL: 'https://kobo.example' }, () => clock);
  admin = await ctx.signedIn('admin');
  const product = await admin.post('/api/loan-products', {
    name: 'Guaranteed Loan',
    method: 'flat',
    annualRate: '12',
    maxMonths: '12',
    savingsMultiple: '2',
    maxAmount: '500,000',
    guarantorsRequired: '1',
    feeKind: 'fixed',
    feeValue: '1,000',
  });
  if (product.statusCode !== 201) throw new Error(`the loan product was refused: ${product.body}`);
  productId = product.json().product.id;
});
afterAll(async () => {
  if (ctx) await expectNoLedgerDrift(ctx);
  await ctx?.close();
});

const db = () => ctx.app.kobo.database.db as Database;

type Person = { userId: string; name: string; email: string; staffId: string; client: TestClient };
let people = 0;

/** A staff member who saved `savings` naira, signed in as themselves. */
async function person(name: string, savings = '200,000'): Promise<Person> {
  people += 1;
  const email = `guarantees.${people}.${Date.now().toString(36)}@kobo.test`;
  const staff = await addStaff(admin, { name, email, password: 'secret1' });
  if (savings !== '0') await deposit(admin, staff.userId, savings);
  const client = ctx.client();
  expect((await client.post('/api/auth/sign-in', { email, password: 'secret1' })).statusCode).toBe(200);
  return { userId: staff.userId, name, email, staffId: staff.staffId as string, client };
}

/** `borrower` applies for ₦120,000 with `guarantor`, who accepts; the loan is approved, and disbursed today when `disburse`. */
async function guaranteedLoan(borrower: Person, guarantor: Person, disburse = false): Promise<string> {
  const applied = await admin.post('/api/loans', { productId, amount: '120,000', months: '12', purpose: 'Rent', userId: borrower.userId, guarantors: [guarantor.userId] });
  expect(applied.statusCode, applied.body).toBe(201);
  const loanId: string = applied.json().loan.id;
  const accepted = await guarantor.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'accept' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const approved = await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' });
  expect(approved.statusCode, approved.body).toBe(200);
  if (disburse) await disburseToday(loanId);
  return loanId;
}

async function disburseToday(loanId: string) {
  const paid = await admin.post(`/api/loans/${loanId}/disbursement`, { valueDate: '2026-11-26' });
  expect(paid.statusCode, paid.body).toBe(201);
}

async function giveNotice(member: Person): Promise<string> {
  const given = await admin.post('/api/exits', { userId: member.userId, reason: 'retirement', leavingDate: '2026-12-31' });
  expect(given.statusCode, given.body).toBe(201);
  return given.json().exit.id;
}

async function heldKobo(member: Person): Promise<number> {
  const read = await admin.get(`/api/savings/accounts/${member.staffId}`);
  expect(read.statusCode, read.body).toBe(200);
  return read.json().account.heldKobo;
}

async function guaranteeRows(loanId: string) {
  return queryRows<{ name: string; status: string; amount_kobo: string; replaces: string | null; released_reason: string | null; released: boolean }>(
    db(),
    sql`select a.holder_name as name, g.status, g.amount_kobo::text, r.holder_name as replaces, g.released_reason, g.released_at is not null as released
        from loan_guarantors g join savings_accounts a on a.id = g.account_id left join savings_accounts r on r.id = g.replaces_account_id
        where g.loan_id = ${loanId} order by a.holder_name`,
  );
}

async function mailsTo(email: string) {
  return queryRows<{ subject: string; body: string }>(db(), sql`select subject, body from mail_outbox where to_email = ${email} order by created_at`);
}

const detail = async (exitId: string) => (await admin.get(`/api/exits/${exitId}`)).json();

describe("the guarantees a leaving member gives, on their exit", () => {
  it('lists each binding or repaid loan they guarantee, open until released, and nothing they declined or never accepted', async () => {
    const leaver = await person('Lara Leaver', '300,000');
    const ade = await person('Ade Borrower');
    const bisi = await person('Bisi Borrower');
    const running = await guaranteedLoan(ade, leaver, true);
    const approved = await guaranteedLoan(bisi, leaver);
    // Asked, never answered; and asked, declined: neither is a guarantee.
    const cole = await person('Cole Borrower');
    const asked = await admin.post('/api/loans', { productId, amount: '10,000', months: '12', purpose: 'Rent', userId: cole.userId, guarantors: [leaver.userId] });
    expect(asked.statusCode).toBe(201);
    const dami = await person('Dami Borrower');
    const declined = await admin.post('/api/loans', { productId, amount: '10,000', months: '12', purpose: 'Rent', userId: dami.userId, guarantors: [leaver.userId] });
    expect((await leaver.client.post(`/api/loans/${declined.json().loan.id}/guarantee`, { answer: 'decline' })).statusCode).toBe(200);

    const exitId = await giveNotice(leaver);
    const { guarantees } = await detail(exitId);
    expect(guarantees).toEqual([
      { loanId: running, borrowerName: 'Ade Borrower', productName: 'Guaranteed Loan', guaranteedKobo: 12_000_000, state: 'open', replacementName: null, releasedReason: null },
      { loanId: approved, borrowerName: 'Bisi Borrower', productName: 'Guaranteed Loan', guaranteedKobo: 12_000_000, state: 'open', replacementName: null, releasedReason: null },
    ]);
    // The member's own view of their exit shows the same.
    expect((await leaver.client.get('/api/account/exit')).json().exit.guarantees).toEqual(guarantees);
  });

  it('shows a guarantee of a loan since repaid as repaid', async () => {
    const leaver = await person('Rita Repaid');
    const borrower = await person('Remi Borrower');
    const loanId = await guaranteedLoan(borrower, leaver, true);
    // Paid off on the day it was disbursed: ₦120,000 + ₦14,400 interest (flat, paid ahead) + the ₦1,000 fee.
    const repaid = await admin.post(`/api/loans/${loanId}/repayments`, { amount: '135,400', valueDate: '2026-11-26' });
    expect(repaid.statusCode, repaid.body).toBe(201);
    expect(repaid.json().loan.status).toBe('repaid');
    const exitId = await giveNotice(leaver);
    expect((await detail(exitId)).guarantees).toEqual([
      { loanId, borrowerName: 'Remi Borrower', productName: 'Guaranteed Loan', guaranteedKobo: 12_000_000, state: 'repaid', replacementName: null, releasedReason: null },
    ]);
  });
});

describe('releasing a guarantee on the borrower’s own savings', () => {
  it('releases it with the reason, frees the leaver’s savings, shows it released on the loan, and audits it', async () => {
    const leaver = await person('Olu Leaver');
    const borrower = await person('Funmi Borrower');
    const loanId = await guaranteedLoan(borrower, leaver, true);
    const exitId = await giveNotice(leaver);
    expect(await heldKobo(leaver)).toBe(12_000_000);

    const released = await admin.post(`/api/exits/${exitId}/guarantees/${loanId}/release`, { reason: '  Her savings of ₦200,000 cover the loan  ' });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().guarantees).toEqual([
      { loanId, borrowerName: 'Funmi Borrower', productName: 'Guaranteed Loan', guaranteedKobo: 12_000_000, state: 'own_savings', replacementName: null, releasedReason: 'Her savings of ₦200,000 cover the loan' },
    ]);
    expect(await guaranteeRows(loanId)).toEqual([{ name: 'Olu Leaver', status: 'released', amount_kobo: '12000000', replaces: null, released_reason: 'Her savings of ₦200,000 cover the loan', released: true }]);
    expect(await heldKobo(leaver)).toBe(0);
    const loan = (await admin.get(`/api/loans/${loanId}`)).json().loan;
    expect(loan.guarantors).toEqual([{ userId: leaver.userId, name: 'Olu Leaver', staffId: leaver.staffId, amountKobo: 12_000_000, status: 'released' }]);
    const [entry] = await queryRows<{ people: string[]; before: unknown; after: unknown }>(db(), sql`select people, before, after from audit_log where kind = 'exit.guarantee_released' and target_id = ${exitId}`);
    expect(entry).toEqual({
      people: [leaver.userId, borrower.userId],
      before: { loanId, status: 'accepted', amountKobo: 12_000_000 },
      after: { loanId, status: 'released', releasedReason: 'Her savings of ₦200,000 cover the loan', withdrawnRequests: 0 },
    });

    await expectNoRowsWritten(db(), async () => {
      const again = await admin.post(`/api/exits/${exitId}/guarantees/${loanId}/release`, { reason: 'Again' });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: 'EXIT_GUARANTEE_NOT_FOUND', message: 'This member does not guarantee that loan.' });
    });
  });

  it('refuses a loan the leaver does not guarantee, a malformed id, an exit no longer open, and a missing reason', async () => {
    const leaver = await person('Sade Leaver');
    const borrower = await person('Tayo Borrower');
    const loanId = await guaranteedLoan(borrower, leaver);
    const other = await guaranteedLoan(await person('Uche Borrower'), await person('Vera Guarantor'));
    const exitId = await giveNotice(leaver);
    await expectNoRowsWritten(db(), async () => {
      const notHers = await admin.post(`/api/exits/${exitId}/guarantees/${other}/release`, { reason: 'Enough' });
      expect(notHers.json()).toEqual({ error: 'EXIT_GUARANTEE_NOT_FOUND', message: 'This member does not guarantee that loan.' });
      for (const loan of ['not-a-loan', '00000000-0000-4000-8000-000000000000']) {
        const missing = await admin.post(`/api/exits/${exitId}/guarantees/${loan}/release`, { reason: 'Enough' });
        expect(missing.statusCode, loan).toBe(404);
        expect(missing.json().error).toBe('EXIT_GUARANTEE_NOT_FOUND');
      }
      const noExit = await admin.post(`/api/exits/00000000-0000-4000-8000-000000000000/guarantees/${loanId}/release`, { reason: 'Enough' });
      expect(noExit.json().error).toBe('EXIT_NOT_FOUND');
      for (const body of [{}, { reason: '  ' }, { reason: 'x'.repeat(501) }, { reason: 'nul \u0000' }]) {
        const refused = await admin.post(`/api/exits/${exitId}/guarantees/${loanId}/release`, body);
        expect(refused.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      }
      const noReason = await admin.post(`/api/exits/${exitId}/guarantees/${loanId}/release`, {});
      expect(noReason.json()).toEqual({ error: 'VALIDATION', message: "Say why the borrower's own savings are enough.", field: 'reason' });
    });
    // The settlement's own routes are helper B's: the status is set as they would leave it.
    for (const status of ['settled', 'cancelled']) {
      await db().execute(sql`update member_exits set status = ${status} where id = ${exitId}`);
      await expectNoRowsWritten(db(), async () => {
        const closed = await admin.post(`/api/exits/${exitId}/guarantees/${loanId}/release`, { reason: 'Enough' });
        expect(closed.statusCode, status).toBe(409);
        expect(closed.json().error).toBe('EXIT_NOT_NOTICE');
        const replace = await admin.post(`/api/exits/${exitId}/guarantees/${loanId}/replace`, { userId: admin.userId });
        expect(replace.json().error).toBe('EXIT_NOT_NOTICE');
      });
    }
  });
});

describe('another member guaranteeing in the leaver’s place', () => {
  it('asks them by mail, tells the borrower, and once they accept on their loans page the leaver’s guarantee is released', async () => {
    const leaver = await person('Wale Leaver');
    const borrower = await person('Xena Borrower');
    const loanId = await guaranteedLoan(borrower, leaver, true);
    const exitId = await giveNotice(leaver);
    const yemi = await person('Yemi Newguarantor', '150,000');

    const asked = await admin.post(`/api/exits/${exitId}/guarantees/${loanId}/replace`, { userId: yemi.userId });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().guarantees).toEqual([
      { loanId, borrowerName: 'Xena Borrower', productName: 'Guaranteed Loan', guaranteedKobo: 12_000_000, state: 'replacement_asked', replacementName: 'Yemi Newguarantor', releasedReason: null },
    ]);
    expect(await guaranteeRows(loanId)).toEqual([
      { name: 'Wale Leaver', status: 'accepted', amount_kobo: '12000000', replaces: null, released_reason: null, released: false },
      { name: 'Yemi Newguarantor', status: 'pending', amount_kobo: '12000000', replaces: 'Wale Leaver', released_reason: null, released: false },
    ]);
    const [toYemi] = await mailsTo(yemi.email);
    expect(toYemi?.subject).toBe('Xena Borrower asks you to guarantee a loan');
    expect(toYemi?.body).toBe(
      [
        'Hello Yemi Newguarantor,',
        '',
        "Wale Leaver is leaving the scheme and guaranteed ₦120,000.00 of Xena Borrower's loan (Guaranteed Loan).",
        'You are asked to guarantee that ₦120,000.00 in their place. If you accept, that much of your savings is held until the loan is repaid.',
        '',
        'To accept or decline, open your loans on your savings page in Kobo: https://kobo.example/staff-savings',
      ].join('\n'),
    );
    const toBorrower = (await mailsTo(borrower.email)).find((mail) => mail.subject === 'A new guarantor is asked for your loan');
    expect(toBorrower?.body).toContain('Yemi Newguarantor has been asked to guarantee it in their place.');
    const [audit] = await queryRows<{ people: string[]; after: unknown }>(db(), sql`select people, after from audit_log where kind = 'exit.guarantor_asked' and target_id = ${exitId}`);
    expect(audit).toEqual({ people: [leaver.userId, yemi.userId, borrower.userId], after: { loanId, guarantorId: yemi.userId, amountKobo: 12_000_000 } });

    const zed = await person('Zed Other');
    await expectNoRowsWritten(db(), async () => {
      const twice = await admin.post(`/api/exits/${exitId}/guarantees/${loanId}/replace`, { userId: zed.userId });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ error: 'EXIT_REPLACEMENT_ASKED', message: "Another member is already asked to guarantee this loan in the leaver's place: wait for their answer." });
    });

    // Yemi sees the request among their loans and accepts it, judged against their savings as today.
    const mine = (await yemi.client.get('/api/loans/mine')).json();
    expect(mine.guaranteeRequests.map((loan: { id: string; status: string }) => [loan.id, loan.status])).toEqual([[loanId, 'active']]);
    expect(await heldKobo(leaver)).toBe(12_000_000);
    const accepted = await yemi.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().loan.status).toBe('active');
    expect(await guaranteeRows(loanId)).toEqual([
      { name: 'Wale Leaver', status: 'released', amount_kobo: '12000000', replaces: null, released_reason: 'Replaced by Yemi Newguarantor', released: true },
      { name: 'Yemi Newguarantor', status: 'accepted', amount_kobo: '12000000', replaces: 'Wale Leaver', released_reason: null, released: false },
    ]);
    expect(await heldKobo(leaver)).toBe(0);
    expect(await heldKobo(yemi)).toBe(12_000_000);
    expect((await detail(exitId)).guarantees).toEqual([
      { loanId, borrowerName: 'Xena Borrower', productName: 'Guaranteed Loan', guaranteedKobo: 12_000_000, state: 'replaced', replacementName: 'Yemi Newguarantor', releasedReason: 'Replaced by Yemi Newguarantor' },
    ]);
    const again = await yemi.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'decline' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('GUARANTEE_NOT_OPEN');
  });

  it('keeps the leaver’s guarantee open when the member asked declines, or cannot cover it, and lets another be asked', async () => {
    const leaver = await person('Zara Leaver');
    const borrower = await person('Abu Borrower');
    const loanId = await guaranteedLoan(borrower, leaver);
    const exitId = await giveNotice(leaver);
    const poor = await person('Poor Saver', '1,000');
    expect((await admin.post(`/api/exits/${exitId}/guarantees/${loanId}/replace`, { userId: poor.userId })).statusCode).toBe(200);
    await expectNoRowsWritten(db(), async () => {
      const over = await poor.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'accept' });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toEqual({
        error: 'GUARANTEE_OVER_SAVINGS',
        message: 'You can guarantee at most ₦1,000.00 more: your savings are ₦1,000.00 and you already guarantee ₦0.00',
      });
    });
    const declined = await poor.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'decline' });
    expect(declined.statusCode, declined.body).toBe(200);
    // An application's guarantor request declined in a leaver's place does not hold back the loan.
    expect(declined.json().loan.status).toBe('approved');
    expect((await detail(exitId)).guarantees[0]).toMatchObject({ state: 'open', replacementName: null });
    const rich = await person('Rich Saver', '500,000');
    const askedAgain = await admin.post(`/api/exits/${exitId}/guarantees/${loanId}/replace`, { userId: rich.userId });
    expect(askedAgain.statusCode, askedAgain.body).toBe(200);
    expect(askedAgain.json().guarantees[0]).toMatchObject({ state: 'replacement_asked', replacementName: 'Rich Saver' });
    // Released on the borrower's own savings meanwhile: the request still waiting is withdrawn with it.
    const released = await admin.post(`/api/exits/${exitId}/guarantees/${loanId}/release`, { reason: 'Savings enough' });
    expect(released.json().guarantees[0]).toMatchObject({ state: 'own_savings', replacementName: null, releasedReason: 'Savings enough' });
    expect((await guaranteeRows(loanId)).map((row) => [row.name, row.status])).toEqual([
      ['Poor Saver', 'declined'],
      ['Zara Leaver', 'released'],
    ]);
    const late = await rich.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'accept' });
    expect(late.statusCode).toBe(404);
  });

  it('judges an officer’s release and the new guarantor’s acceptance arriving at once one after the other', async () => {
    const leaver = await person('Race Leaver');
    const borrower = await person('Race Borrower');
    const loanId = await guaranteedLoan(borrower, leaver, true);
    const exitId = await giveNotice(leaver);
    const newcomer = await person('Race Newcomer');
    expect((await admin.post(`/api/exits/${exitId}/guarantees/${loanId}/replace`, { userId: newcomer.userId })).statusCode).toBe(200);
    const [release, accept] = await Promise.all([
      admin.post(`/api/exits/${exitId}/guarantees/${loanId}/release`, { reason: 'Savings enough' }),
      newcomer.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'accept' }),
    ]);
    const outcome = { statuses: [release.statusCode, accept.statusCode], rows: (await guaranteeRows(loanId)).map((row) => [row.name, row.status, row.released_reason]) };
    expect([
      // The release first: the request waiting is withdrawn, so there is nothing left to accept.
      { statuses: [200, 404], rows: [['Race Leaver', 'released', 'Savings enough']] },
      // The acceptance first: the leaver's guarantee is released as replaced, so there is nothing left to release.
      { statuses: [404, 200], rows: [['Race Leaver', 'released', 'Replaced by Race Newcomer'], ['Race Newcomer', 'accepted', null]] },
    ]).toContainEqual(outcome);
    expect(await heldKobo(leaver)).toBe(0);
  });

  it('asks only another active holder who is not leaving, not the borrower, and not on the loan already', async () => {
    const leaver = await person('Bode Leaver');
    const borrower = await person('Chioma Borrower');
    const loanId = await guaranteedLoan(borrower, leaver, true);
    const exitId = await giveNotice(leaver);
    const alsoLeaving = await person('Dele Alsoleaving');
    await giveNotice(alsoLeaving);
    const inactive = await person('Eni Inactive');
    await ctx.setActive(inactive.userId, false);
    const auditor = await ctx.signedIn('auditor');
    await expectNoRowsWritten(db(), async () => {
      for (const userId of [borrower.userId, leaver.userId, alsoLeaving.userId, inactive.userId, admin.userId, auditor.userId, 'no-such-member']) {
        const refused = await admin.post(`/api/exits/${exitId}/guarantees/${loanId}/replace`, { userId });
        expect(refused.statusCode, userId).toBe(400);
        expect(refused.json()).toEqual({ error: 'VALIDATION', message: 'Choose another member who holds savings and has not given notice.', field: 'userId' });
      }
      for (const body of [{}, { userId: '' }, { userId: 'u'.repeat(101) }, { userId: 42 }, { userId: 'a\u0000b' }]) {
        const refused = await admin.post(`/api/exits/${exitId}/guarantees/${loanId}/replace`, body);
        expect(refused.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      }
    });
  });
});

describe('from notice on, no new loan or guarantee', () => {
  it('refuses a leaving member’s loan application, theirs or an officer’s for them', async () => {
    const leaver = await person('Femi Applicant');
    await giveNotice(leaver);
    const guarantor = await person('Gold Guarantor');
    await expectNoRowsWritten(db(), async () => {
      const own = await leaver.client.post('/api/loans', { productId, amount: '50,000', months: '12', purpose: 'Rent', guarantors: [guarantor.userId] });
      expect(own.statusCode).toBe(409);
      expect(own.json()).toEqual({ error: 'EXIT_MEMBER_LEAVING', message: 'This member has given notice to leave, so they cannot take a new loan or guarantee one.' });
      const forThem = await admin.post('/api/loans', { productId, amount: '50,000', months: '12', purpose: 'Rent', userId: leaver.userId, guarantors: [guarantor.userId] });
      expect(forThem.statusCode).toBe(409);
      expect(forThem.json().error).toBe('EXIT_MEMBER_LEAVING');
    });
  });

  it('refuses a leaving member named as a guarantor, beside the guarantors field', async () => {
    const leaver = await person('Hauwa Leaving');
    await giveNotice(leaver);
    const borrower = await person('Ike Borrower');
    await expectNoRowsWritten(db(), async () => {
      const refused = await borrower.client.post('/api/loans', { productId, amount: '50,000', months: '12', purpose: 'Rent', guarantors: [leaver.userId] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'EXIT_MEMBER_LEAVING', message: 'This member has given notice to leave, so they cannot take a new loan or guarantee one.', field: 'guarantors' });
    });
  });

  it('refuses a leaving member’s acceptance of a request made before their notice; declining is still theirs', async () => {
    const leaver = await person('Jide Asked');
    const borrower = await person('Kunle Borrower');
    const applied = await admin.post('/api/loans', { productId, amount: '50,000', months: '12', purpose: 'Rent', userId: borrower.userId, guarantors: [leaver.userId] });
    const loanId = applied.json().loan.id;
    await giveNotice(leaver);
    await expectNoRowsWritten(db(), async () => {
      const accept = await leaver.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'accept' });
      expect(accept.statusCode).toBe(409);
      expect(accept.json().error).toBe('EXIT_MEMBER_LEAVING');
    });
    const decline = await leaver.client.post(`/api/loans/${loanId}/guarantee`, { answer: 'decline' });
    expect(decline.statusCode, decline.body).toBe(200);
    expect(decline.json().loan.guarantors[0]).toMatchObject({ name: 'Jide Asked', status: 'declined' });
  });

  it('leaves leavers out of the guarantor picker, and brings them back when their exit is cancelled', async () => {
    const leaver = await person('Pickme Leaver');
    const asker = await person('Pickme Asker');
    const names = async () => (await asker.client.get('/api/loans/guarantor-candidates?q=Pickme')).json().candidates.map((candidate: { name: string }) => candidate.name);
    expect(await names()).toEqual(['Pickme Leaver']);
    const exitId = await giveNotice(leaver);
    expect(await names()).toEqual([]);
    expect((await admin.get(`/api/loans/guarantor-candidates?q=Pickme&userId=${asker.userId}`)).json().candidates).toEqual([]);
    expect((await admin.post(`/api/exits/${exitId}/cancel`, { reason: 'Stays' })).statusCode).toBe(200);
    expect(await names()).toEqual(['Pickme Leaver']);
    // Cancelled, they may apply again.
    const applied = await leaver.client.post('/api/loans', { productId, amount: '50,000', months: '12', purpose: 'Rent', guarantors: [asker.userId] });
    expect(applied.statusCode, applied.body).toBe(201);
  });
});
