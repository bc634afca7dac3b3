import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { createFlatLoanProduct } from '../loans/loan-test-support.ts';
import { depositInto, newProduct } from '../savings-reports/savings-reports-test-support.ts';
import { addStaff, openSavingsContext, post, setApprovalSettings, transfer } from '../savings/savings-test-support.ts';
import { activeLoan, balancesOf, entryLinesOf, exitAtNotice, guarantee, recordNominees } from './exit-settlement-test-support.ts';

/**
 * Issue 32's settlement through the API, on COOPERATIVE.md's figures ("A member leaves"):
 * ordinary ₦300,000 + shares ₦25,000 + Christmas ₦18,000 − loan payoff (₦120,000 + ₦1,200) =
 * ₦221,800 payable; a death's ₦221,800 to nominees at 60% and 40%, ₦133,080 and ₦88,720; savings
 * ₦50,000 + shares ₦10,000 against a ₦100,000 payoff, recovered from guarantors of ₦60,000 and
 * ₦20,000 as ₦30,000 and ₦10,000. The clock stands at 20 Nov 2026; notice was given 15 Oct with
 * 30 days' notice, so the earliest settlement date is 14 Nov.
 */
let clock = new Date('2026-11-20T10:00:00+01:00');
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => clock,
);
const db = () => ctx.app.kobo.database.db as Database;

let shares = '';
let christmas = '';
let loanProduct = '';
let people = 0;

async function setUp() {
  if (shares) return;
  shares = await newProduct(db(), { name: 'Shares', kind: 'shares', code: '3091' });
  christmas = await newProduct(db(), { name: 'Christmas', kind: 'target', code: '2091' });
  loanProduct = await createFlatLoanProduct(admin, 'Exit test product');
}

/** A member with savings valued 1 Oct 2026 (kobo per product), signed in on their own client. */
async function member(name: string, savings: { ordinary?: number; shares?: number; christmas?: number }) {
  await setUp();
  people += 1;
  const email = `exit.member.${people}.${Date.now().toString(36)}@kobo.test`;
  const staff = await addStaff(admin, { email, password: 'secret1', name });
  if (savings.ordinary) await depositInto(db(), staff.userId, ORDINARY_SAVINGS_PRODUCT_ID, savings.ordinary, '2026-10-01');
  if (savings.shares) await depositInto(db(), staff.userId, shares, savings.shares, '2026-10-01');
  if (savings.christmas) await depositInto(db(), staff.userId, christmas, savings.christmas, '2026-10-01');
  const client = ctx.client();
  const signedIn = await client.post('/api/auth/sign-in', { email, password: 'secret1' });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return { userId: staff.userId, name, email, client };
}

/** COOPERATIVE.md's retiring member: ₦300,000 + ₦25,000 + ₦18,000, and ₦120,000 borrowed at 12% flat in October (₦1,200 a month, first due 30 Nov). */
async function cooperativeMember(name: string) {
  const person = await member(name, { ordinary: 30_000_000, shares: 2_500_000, christmas: 1_800_000 });
  const loanId = await activeLoan(db(), { userId: person.userId, productId: loanProduct, principalKobo: 12_000_000, disbursedOn: '2026-10-05' });
  return { ...person, loanId };
}

const approve = (exitId: string, body: Record<string, unknown>, by: SignedInClient = admin) => by.post(`/api/exits/${exitId}/approve`, body);
const settle = (exitId: string, key?: string) => admin.post(`/api/exits/${exitId}/settle`, undefined, key ? { 'idempotency-key': key } : {});

async function exitRow(exitId: string) {
  const [row] = await queryRows<{ status: string; entry_id: string | null; payout_entry_id: string | null; reversal_entry_id: string | null }>(
    db(),
    sql`select status, entry_id::text, payout_entry_id::text, reversal_entry_id::text from member_exits where id = ${exitId}`,
  );
  return row!;
}

async function mailsTo(email: string) {
  return queryRows<{ kind: string; subject: string; body: string }>(db(), sql`select kind, subject, body from mail_outbox where to_email = ${email} and kind like 'exit.%' order by id`);
}

describe('a retirement with a loan offset', () => {
  let exitId = '';
  let person: Awaited<ReturnType<typeof cooperativeMember>>;

  it("previews ₦300,000 + ₦25,000 + ₦18,000 − ₦121,200 = ₦221,800 payable, saving nothing", async () => {
    person = await cooperativeMember('Remi Retiring');
    exitId = await exitAtNotice(db(), { userId: person.userId, holderName: 'Remi Retiring' });
    const preview = await admin.post(`/api/exits/${exitId}/preview`, { settlementDate: '2026-11-20' });
    expect(preview.statusCode, preview.body).toBe(200);
    const statement = preview.json();
    expect(statement.products.map((line: { name: string; balanceKobo: number; interestKobo: number }) => [line.name, line.balanceKobo, line.interestKobo])).toEqual([
      ['Ordinary savings', 30_000_000, 0],
      ['Shares', 2_500_000, 0],
      ['Christmas', 1_800_000, 0],
    ]);
    expect(statement.loans).toEqual([
      { loanId: person.loanId, productName: 'Exit test loan', kind: 'interest', principalKobo: 12_000_000, interestKobo: 120_000, feeKobo: 0, penaltyKobo: 0, payoffKobo: 12_120_000 },
    ]);
    expect([statement.savingsKobo, statement.payoffKobo, statement.netKobo, statement.shortfallKobo, statement.payableKobo]).toEqual([34_300_000, 12_120_000, 22_180_000, 0, 22_180_000]);
    expect(statement.payees).toEqual([{ name: 'Remi Retiring', relationship: null, phone: null, shareBp: 10_000, amountKobo: 22_180_000 }]);
    expect((await exitRow(exitId)).status).toBe('notice');
  });

  it('refuses a settlement date before the notice period ends or in the future, beside the date', async () => {
    for (const settlementDate of ['2026-11-13', '2026-11-21', '0000-01-01', 'not a date', '2026-02-30']) {
      const preview = await admin.post(`/api/exits/${exitId}/preview`, { settlementDate });
      expect(preview.statusCode, settlementDate).toBe(400);
      expect(preview.json().field, settlementDate).toBe('settlementDate');
    }
    const early = await approve(exitId, { settlementDate: '2026-11-13' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: 'EXIT_NOTICE_PERIOD', message: "The scheme's notice period has not passed yet: the earliest settlement date is 14 Nov 2026." });
    expect((await exitRow(exitId)).status).toBe('notice');
  });

  it('downloads the statement as a workbook', async () => {
    const response = await admin.get(`/api/exits/${exitId}/statement.xlsx?settlementDate=2026-11-20`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const undated = await admin.get(`/api/exits/${exitId}/statement.xlsx`);
    expect(undated.statusCode).toBe(400);
    expect(undated.json().field).toBe('settlementDate');
  });

  it('approves, settles once as one entry (a replay answers the same), closes the accounts and the sign-in, and mails the member', async () => {
    const approved = await approve(exitId, { settlementDate: '2026-11-20' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect(approved.json().statement.payableKobo).toBe(22_180_000);
    // From approval on the workbook is the frozen statement, whatever the query asks.
    const frozen = await admin.get(`/api/exits/${exitId}/statement.xlsx`);
    expect(frozen.statusCode).toBe(200);
    expect(frozen.headers['content-disposition']).toContain('statement-2026-11-20.xlsx');
    const settled = await settle(exitId, 'settle-remi');
    expect(settled.statusCode, settled.body).toBe(201);
    expect(settled.json().status).toBe('settled');
    const replay = await settle(exitId, 'settle-remi');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(settled.json());
    const again = await settle(exitId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('EXIT_ALREADY_SETTLED');

    const row = await exitRow(exitId);
    const entries = await queryRows<{ id: string; narration: string; value_date: string }>(db(), sql`select id::text, narration, value_date::text from journal_entries where source_type = 'exit' and source_id = ${exitId}`);
    expect(entries).toEqual([{ id: row.entry_id, narration: 'Exit · Remi Retiring · Retirement', value_date: '2026-11-20' }]);
    expect(await entryLinesOf(db(), row.entry_id!)).toEqual([
      { code: '2000', subledger: true, kobo: 30_000_000 },
      { code: '3091', subledger: true, kobo: 2_500_000 },
      { code: '2091', subledger: true, kobo: 1_800_000 },
      { code: '1200', subledger: true, kobo: -12_000_000 },
      { code: '4000', subledger: false, kobo: -120_000 },
      { code: '2170', subledger: false, kobo: -22_180_000 },
    ]);
    // The sub-ledger rows carry no entry of their own.
    const own = await queryRows<{ n: string }>(
      db(),
      sql`select count(*)::text as n from journal_entries where source_type in ('savings', 'loan') and source_id in (
            select t.id from savings_transactions t join savings_accounts a on a.id = t.account_id where a.user_id = ${person.userId} and t.value_date = '2026-11-20'
            union all select id from loan_transactions where loan_id = ${person.loanId} and type = 'repayment')`,
    );
    expect(own[0]!.n).toBe('0');
    // Nor a receipt of their own: the member hears of the payoff in the settlement mail.
    const notices = await queryRows<{ n: string }>(
      db(),
      sql`select count(*)::text as n from ledger_notices where entry_id in (
            select t.id from savings_transactions t join savings_accounts a on a.id = t.account_id where a.user_id = ${person.userId} and t.value_date = '2026-11-20'
            union all select id from loan_transactions where loan_id = ${person.loanId} and type = 'repayment')`,
    );
    expect(notices[0]!.n).toBe('0');
    expect(await balancesOf(db(), person.userId)).toEqual([
      { product: 'Ordinary savings', kobo: 0, closed: true },
      { product: 'Shares', kobo: 0, closed: true },
      { product: 'Christmas', kobo: 0, closed: true },
    ]);
    const [loan] = await queryRows<{ status: string }>(db(), sql`select status from loans where id = ${person.loanId}`);
    expect(loan!.status).toBe('repaid');
    const me = await person.client.get('/api/savings/me');
    expect(me.statusCode).toBe(401);
    const mails = await mailsTo(person.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your exit from the scheme is settled']);
    expect(mails[0]!.body).toContain('Payable to you: ₦221,800.00');
  });

  it('refuses every posting to the closed accounts afterwards', async () => {
    const before = await balancesOf(db(), person.userId);
    const deposited = await post(admin, { userId: person.userId, type: 'deposit', amount: '1,000' });
    expect(deposited.statusCode).toBe(409);
    expect(deposited.json().error).toBe('SAVINGS_ACCOUNT_CLOSED');
    const withdrawn = await post(admin, { userId: person.userId, type: 'withdrawal', amount: '1,000' });
    // A closed account holds ₦0, but the refusal names the reason: it is closed.
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json()).toEqual({ error: 'SAVINGS_ACCOUNT_CLOSED', message: 'This account is closed: its holder has left the scheme.' });
    const other = await member('Tola Transferring', { ordinary: 1_000_000 });
    const moved = await transfer(admin, { fromUserId: other.userId, toUserId: person.userId, amount: '1,000' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error).toBe('SAVINGS_ACCOUNT_CLOSED');
    const run = await admin.post('/api/savings/batches', { month: '2026-11', rows: [{ ref: person.email, amount: '1,000' }, { ref: other.email, amount: '1,000' }] });
    const review = await admin.post('/api/savings/batches/review', { month: '2026-11', rows: [{ ref: person.email, amount: '1,000' }] });
    // The run's review refuses the leaver's row (their sign-in was closed with the accounts), so the run posts nothing.
    expect(review.json().rows.map((row: { status: string; reason: string }) => [row.status, row.reason])).toEqual([['refused', 'This account is deactivated']]);
    expect(run.statusCode).toBe(409);
    expect(run.json().error).toBe('BATCH_NOT_READY');
    expect(await balancesOf(db(), person.userId)).toEqual(before);
    expect(await balancesOf(db(), other.userId)).toEqual([{ product: 'Ordinary savings', kobo: 1_000_000, closed: false }]);
  });

  it('pays out with the bank reference as one entry, and is then neither reversed nor paid again', async () => {
    const paid = await admin.post(`/api/exits/${exitId}/pay-out`, { reference: 'TRF-2026-1120' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect([paid.json().status, paid.json().payReference]).toEqual(['paid', 'TRF-2026-1120']);
    const row = await exitRow(exitId);
    expect(await entryLinesOf(db(), row.payout_entry_id!)).toEqual([
      { code: '2170', subledger: false, kobo: 22_180_000 },
      { code: '1000', subledger: false, kobo: -22_180_000 },
    ]);
    const twice = await admin.post(`/api/exits/${exitId}/pay-out`, { reference: 'TRF-2026-1121' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('EXIT_NOT_SETTLED');
    const reversed = await admin.post(`/api/exits/${exitId}/reverse`, { reason: 'Too late' });
    expect(reversed.statusCode).toBe(409);
    expect(reversed.json().error).toBe('EXIT_CANNOT_REVERSE');
  });
});

describe('a death paid to two nominees', () => {
  it('is refused without nominees adding to 100%, then pays ₦133,080 and ₦88,720 at 60% and 40%, mailing no one the member was', async () => {
    const person = await cooperativeMember('Dayo Deceased');
    const exitId = await exitAtNotice(db(), { userId: person.userId, holderName: 'Dayo Deceased', reason: 'death', noticeDate: '2026-11-18', earliest: '2026-11-18' });
    const without = await approve(exitId, { settlementDate: '2026-11-20' });
    expect(without.statusCode).toBe(409);
    expect(without.json()).toEqual({ error: 'EXIT_NOMINEES_MISSING', message: "Record the deceased member's nominees, adding to 100%, before settling." });
    await recordNominees(db(), person.userId, [
      { name: 'Ngozi Deceased', relationship: 'Spouse', phone: '08031234567', shareBp: 6000 },
      { name: 'Emeka Deceased', relationship: 'Son', phone: '08039876543', shareBp: 4000 },
    ]);
    const approved = await approve(exitId, { settlementDate: '2026-11-20' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().statement.payees).toEqual([
      { name: 'Ngozi Deceased', relationship: 'Spouse', phone: '08031234567', shareBp: 6000, amountKobo: 13_308_000 },
      { name: 'Emeka Deceased', relationship: 'Son', phone: '08039876543', shareBp: 4000, amountKobo: 8_872_000 },
    ]);
    const settled = await settle(exitId);
    expect(settled.statusCode, settled.body).toBe(201);
    const row = await exitRow(exitId);
    expect((await entryLinesOf(db(), row.entry_id!)).at(-1)).toEqual({ code: '2170', subledger: false, kobo: -22_180_000 });
    expect(await mailsTo(person.email)).toEqual([]);
  });
});

describe('a shortfall recovered from the guarantors', () => {
  let exitId = '';
  let person: Awaited<ReturnType<typeof member>>;
  let first: Awaited<ReturnType<typeof member>>;
  let second: Awaited<ReturnType<typeof member>>;
  let loanId = '';

  it('names the ₦40,000 shortfall and the two choices until one is made', async () => {
    person = await member('Sade Short', { ordinary: 5_000_000, shares: 1_000_000 });
    first = await member('Gbenga Guarantor', { ordinary: 10_000_000 });
    second = await member('Funke Guarantor', { ordinary: 5_000_000 });
    // Disbursed in November: its first instalment falls due 31 Dec, so no interest is owed yet and the payoff is ₦100,000.
    loanId = await activeLoan(db(), { userId: person.userId, productId: loanProduct, principalKobo: 10_000_000, disbursedOn: '2026-11-02' });
    await guarantee(db(), loanId, first.userId, 6_000_000);
    await guarantee(db(), loanId, second.userId, 2_000_000);
    exitId = await exitAtNotice(db(), { userId: person.userId, holderName: 'Sade Short', reason: 'resignation' });
    const preview = await admin.post(`/api/exits/${exitId}/preview`, { settlementDate: '2026-11-20' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect([preview.json().savingsKobo, preview.json().payoffKobo, preview.json().netKobo, preview.json().shortfallKobo, preview.json().payableKobo]).toEqual([
      6_000_000, 10_000_000, -4_000_000, 4_000_000, 0,
    ]);
    const refused = await approve(exitId, { settlementDate: '2026-11-20' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'EXIT_SHORTFALL',
      message: "The member's savings fall ₦40,000.00 short of what they owe. Choose how it is met: the member pays it in, or the guarantors pay it in proportion to what each guaranteed.",
    });
  });

  it('takes ₦30,000 and ₦10,000 from guarantors of ₦60,000 and ₦20,000, each with its own posting and mail', async () => {
    const approved = await approve(exitId, { settlementDate: '2026-11-20', shortfallChoice: 'guarantors' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().statement.recoveries.map((recovery: { name: string; guaranteedKobo: number; amountKobo: number }) => [recovery.name, recovery.guaranteedKobo, recovery.amountKobo])).toEqual([
      ['Gbenga Guarantor', 6_000_000, 3_000_000],
      ['Funke Guarantor', 2_000_000, 1_000_000],
    ]);
    const settled = await settle(exitId);
    expect(settled.statusCode, settled.body).toBe(201);
    expect(await balancesOf(db(), first.userId)).toEqual([{ product: 'Ordinary savings', kobo: 7_000_000, closed: false }]);
    expect(await balancesOf(db(), second.userId)).toEqual([{ product: 'Ordinary savings', kobo: 4_000_000, closed: false }]);
    const postings = await queryRows<{ type: string; amount_kobo: string; description: string }>(
      db(),
      sql`select t.type, t.amount_kobo::text, t.description from savings_transactions t join savings_accounts a on a.id = t.account_id
          where a.user_id in (${first.userId}, ${second.userId}) and t.value_date = '2026-11-20' order by t.seq`,
    );
    expect(postings).toEqual([
      { type: 'withdrawal', amount_kobo: '3000000', description: "Recovery for Sade Short's loan" },
      { type: 'withdrawal', amount_kobo: '1000000', description: "Recovery for Sade Short's loan" },
    ]);
    expect((await mailsTo(first.email)).map((mail) => mail.subject)).toEqual(["₦30,000.00 recovered from your savings for Sade Short's loan"]);
    expect((await mailsTo(second.email)).map((mail) => mail.subject)).toEqual(["₦10,000.00 recovered from your savings for Sade Short's loan"]);
    const row = await exitRow(exitId);
    expect(await entryLinesOf(db(), row.entry_id!)).toEqual([
      { code: '2000', subledger: true, kobo: 5_000_000 },
      { code: '3091', subledger: true, kobo: 1_000_000 },
      { code: '2000', subledger: true, kobo: 3_000_000 },
      { code: '2000', subledger: true, kobo: 1_000_000 },
      { code: '1200', subledger: true, kobo: -10_000_000 },
    ]);
  });

  it('is reversed as a whole within its month: balances, loan, accounts and sign-in back, one reversing entry, and notice may be given again', async () => {
    const reversed = await admin.post(`/api/exits/${exitId}/reverse`, { reason: 'Settled against the wrong loan' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect([reversed.json().status, reversed.json().reversalReason]).toEqual(['reversed', 'Settled against the wrong loan']);
    expect(await balancesOf(db(), person.userId)).toEqual([
      { product: 'Ordinary savings', kobo: 5_000_000, closed: false },
      { product: 'Shares', kobo: 1_000_000, closed: false },
    ]);
    expect(await balancesOf(db(), first.userId)).toEqual([{ product: 'Ordinary savings', kobo: 10_000_000, closed: false }]);
    expect(await balancesOf(db(), second.userId)).toEqual([{ product: 'Ordinary savings', kobo: 5_000_000, closed: false }]);
    const [loan] = await queryRows<{ status: string; owed: string }>(
      db(),
      sql`select l.status, (select sum(principal_kobo - principal_paid_kobo + interest_kobo - interest_paid_kobo - interest_waived_kobo) from loan_instalments where loan_id = l.id)::text as owed from loans l where l.id = ${loanId}`,
    );
    expect(loan).toEqual({ status: 'active', owed: '11200000' });
    const row = await exitRow(exitId);
    const [reversal] = await queryRows<{ reverses_entry_id: string; value_date: string; narration: string }>(
      db(),
      sql`select reverses_entry_id::text, value_date::text, narration from journal_entries where id = ${row.reversal_entry_id}`,
    );
    expect(reversal).toEqual({ reverses_entry_id: row.entry_id, value_date: '2026-11-20', narration: 'Reversal · Exit · Sade Short · Settled against the wrong loan' });
    expect(await entryLinesOf(db(), row.reversal_entry_id!)).toEqual([
      { code: '2000', subledger: true, kobo: -5_000_000 },
      { code: '3091', subledger: true, kobo: -1_000_000 },
      { code: '2000', subledger: true, kobo: -3_000_000 },
      { code: '2000', subledger: true, kobo: -1_000_000 },
      { code: '1200', subledger: true, kobo: 10_000_000 },
    ]);
    const me = await ctx.client();
    const signedIn = await me.post('/api/auth/sign-in', { email: person.email, password: 'secret1' });
    expect(signedIn.statusCode).toBe(200);
    const again = await admin.post(`/api/exits/${exitId}/reverse`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('EXIT_CANNOT_REVERSE');
    await exitAtNotice(db(), { userId: person.userId, holderName: 'Sade Short', reason: 'resignation' });
  });
});

describe('the refusals before settling', () => {
  it('refuses a recovery larger than what a guarantor can spare, naming them; the member may pay it in instead', async () => {
    const person = await member('Kemi Short', { ordinary: 5_000_000, shares: 1_000_000 });
    const guarantor = await member('Lanre Thin', { ordinary: 1_000_000 });
    const loanId = await activeLoan(db(), { userId: person.userId, productId: loanProduct, principalKobo: 10_000_000, disbursedOn: '2026-11-02' });
    await guarantee(db(), loanId, guarantor.userId, 5_000_000);
    const exitId = await exitAtNotice(db(), { userId: person.userId, holderName: 'Kemi Short' });
    const refused = await approve(exitId, { settlementDate: '2026-11-20', shortfallChoice: 'guarantors' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'EXIT_GUARANTOR_SHORT',
      message: 'Lanre Thin can spare ₦10,000.00 of the ₦40,000.00 asked of them: the shortfall cannot be recovered from the guarantors. The member must pay it in.',
    });
    const approved = await approve(exitId, { settlementDate: '2026-11-20', shortfallChoice: 'member_pays' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect([approved.json().statement.memberPaysKobo, approved.json().statement.recoveries]).toEqual([4_000_000, []]);
    const settled = await settle(exitId);
    expect(settled.statusCode, settled.body).toBe(201);
    expect(await entryLinesOf(db(), (await exitRow(exitId)).entry_id!)).toEqual([
      { code: '2000', subledger: true, kobo: 5_000_000 },
      { code: '3091', subledger: true, kobo: 1_000_000 },
      { code: '1000', subledger: false, kobo: 4_000_000 },
      { code: '1200', subledger: true, kobo: -10_000_000 },
    ]);
    expect(await balancesOf(db(), guarantor.userId)).toEqual([{ product: 'Ordinary savings', kobo: 1_000_000, closed: false }]);
  });

  it('refuses while a guarantee the member gives is open, and approves once it is released', async () => {
    const borrower = await member('Bisi Borrower', { ordinary: 10_000_000 });
    const person = await member('Olu Guaranteeing', { ordinary: 2_000_000 });
    const loanId = await activeLoan(db(), { userId: borrower.userId, productId: loanProduct, principalKobo: 5_000_000, disbursedOn: '2026-11-02' });
    await guarantee(db(), loanId, person.userId, 1_000_000);
    const exitId = await exitAtNotice(db(), { userId: person.userId, holderName: 'Olu Guaranteeing' });
    const refused = await approve(exitId, { settlementDate: '2026-11-20' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'EXIT_GUARANTEES_OPEN', message: 'Release every guarantee this member gives before settling.' });
    await db().execute(sql`update loan_guarantors set status = 'released', released_reason = 'Own savings enough', released_at = now() where loan_id = ${loanId}`);
    const approved = await approve(exitId, { settlementDate: '2026-11-20' });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it("refuses while the member's own loan application is open, and approves once it is rejected", async () => {
    const person = await member('Femi Applying', { ordinary: 5_000_000 });
    const loanId = await activeLoan(db(), { userId: person.userId, productId: loanProduct, principalKobo: 2_000_000, disbursedOn: '2026-11-02' });
    // Not yet paid out: awaiting the officers' decision (what an application before the notice leaves).
    await db().execute(sql`update loans set status = 'awaiting_approval' where id = ${loanId}`);
    const exitId = await exitAtNotice(db(), { userId: person.userId, holderName: 'Femi Applying' });
    const refused = await approve(exitId, { settlementDate: '2026-11-20' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'EXIT_LOAN_APPLICATION_OPEN',
      message: "This member's loan application is still open: reject it, or let it be cancelled, before settling.",
    });
    expect((await exitRow(exitId)).status).toBe('notice');
    await db().execute(sql`update loans set status = 'rejected' where id = ${loanId}`);
    const approved = await approve(exitId, { settlementDate: '2026-11-20' });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('keeps two-person approval: whoever took the notice cannot approve it', async () => {
    const person = await member('Tunde Twoperson', { ordinary: 1_000_000 });
    const exitId = await exitAtNotice(db(), { userId: person.userId, holderName: 'Tunde Twoperson', givenById: admin.userId });
    await setApprovalSettings(admin, { threshold: '1,000', memberPostingsDirect: true });
    try {
      const own = await approve(exitId, { settlementDate: '2026-11-20' });
      expect(own.statusCode).toBe(403);
      expect(own.json().error).toBe('EXIT_OWN_APPROVAL');
      const other = await ctx.signedIn('admin');
      const approved = await approve(exitId, { settlementDate: '2026-11-20' }, other);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().approvedByName).not.toBe(null);
    } finally {
      await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: true });
    }
  });

  it("cancels the member's withdrawal still awaiting its second officer: the settlement paid out what it held", async () => {
    const person = await member('Wale Waiting', { ordinary: 1_000_000 });
    await setApprovalSettings(admin, { threshold: '1,000', memberPostingsDirect: true });
    try {
      const requested = await post(admin, { userId: person.userId, type: 'withdrawal', amount: '5,000' });
      expect(requested.statusCode, requested.body).toBe(202);
      const requestId = requested.json().request.id as string;
      const exitId = await exitAtNotice(db(), { userId: person.userId, holderName: 'Wale Waiting', givenById: admin.userId });
      const other = await ctx.signedIn('admin');
      const approved = await approve(exitId, { settlementDate: '2026-11-20' }, other);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().statement.savingsKobo).toBe(1_000_000);
      expect((await settle(exitId)).statusCode).toBe(201);

      const [request] = await queryRows<{ status: string; reason: string; decided_by_id: string }>(
        db(),
        sql`select status, reason, decided_by_id from savings_requests where id = ${requestId}`,
      );
      expect(request).toEqual({ status: 'cancelled', reason: 'The member left: their savings were paid out on exit.', decided_by_id: admin.userId });
      const pending = (await other.get('/api/savings/requests?status=pending&limit=100')).json().requests as { id: string }[];
      expect(pending.map((item) => item.id)).not.toContain(requestId);
      const late = await other.post(`/api/savings/requests/${requestId}/approve`, {});
      expect([late.statusCode, late.json().error]).toEqual([409, 'SAVINGS_REQUEST_DECIDED']);
      const [audit] = await queryRows<{ count: string }>(db(), sql`select count(*)::text as count from audit_log where kind = 'savings_request.cancelled' and target_id = ${requestId}`);
      expect(audit!.count).toBe('1');
    } finally {
      await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: true });
    }
  });

  it('refuses to settle when the balances changed since approval, writing nothing; approved again, it settles what is there', async () => {
    const person = await member('Chidi Changed', { ordinary: 2_000_000 });
    const exitId = await exitAtNotice(db(), { userId: person.userId, holderName: 'Chidi Changed' });
    expect((await approve(exitId, { settlementDate: '2026-11-20' })).statusCode).toBe(200);
    const deposited = await post(admin, { userId: person.userId, type: 'deposit', amount: '1,000' });
    expect(deposited.statusCode, deposited.body).toBe(201);
    const refused = await settle(exitId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'EXIT_STATEMENT_CHANGED', message: 'The balances changed since the settlement was approved. Approve it again.' });
    expect(await balancesOf(db(), person.userId)).toEqual([{ product: 'Ordinary savings', kobo: 2_100_000, closed: false }]);
    expect((await exitRow(exitId)).status).toBe('approved');
    const again = await approve(exitId, { settlementDate: '2026-11-20' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().statement.payableKobo).toBe(2_100_000);
    const settled = await settle(exitId);
    expect(settled.statusCode, settled.body).toBe(201);
  });

  it('refuses to settle an exit not approved, and to approve one settled', async () => {
    const person = await member('Nneka Notice', { ordinary: 1_000_000 });
    const exitId = await exitAtNotice(db(), { userId: person.userId, holderName: 'Nneka Notice' });
    const early = await settle(exitId);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('EXIT_NOT_APPROVED');
    expect((await approve(exitId, { settlementDate: '2026-11-20' })).statusCode).toBe(200);
    expect((await settle(exitId)).statusCode).toBe(201);
    const late = await approve(exitId, { settlementDate: '2026-11-20' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'EXIT_NOT_NOTICE', message: 'This exit can no longer be approved: it was settled, reversed or cancelled.' });
    const payOut = await admin.post(`/api/exits/${exitId}/pay-out`, { reference: 'x'.repeat(101) });
    expect(payOut.statusCode).toBe(400);
    expect((await exitRow(exitId)).status).toBe('settled');
  });

  it('answers hostile input with a clear 4xx and changes nothing', async () => {
    const person = await member('Hana Hostile', { ordinary: 1_000_000 });
    const exitId = await exitAtNotice(db(), { userId: person.userId, holderName: 'Hana Hostile' });
    for (const settlementDate of ['2026-11-20\u0000', '\ud800', '9'.repeat(100_000), '2026-11-20T00:00:00Z', 20_261_120]) {
      const response = await approve(exitId, { settlementDate });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    const choice = await approve(exitId, { settlementDate: '2026-11-20', shortfallChoice: 'nobody' });
    expect(choice.statusCode).toBe(400);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', `${exitId}\u0000`]) {
      const response = await admin.post(`/api/exits/${encodeURIComponent(id)}/preview`, { settlementDate: '2026-11-20' });
      expect([400, 404]).toContain(response.statusCode);
      const settled = await settle(encodeURIComponent(id));
      expect([400, 404]).toContain(settled.statusCode);
    }
    const unknown = await settle('00000000-0000-4000-8000-000000000000');
    expect(unknown.json()).toEqual({ error: 'EXIT_NOT_FOUND', message: 'That exit no longer exists.' });
    const key = await admin.post(`/api/exits/${exitId}/settle`, undefined, { 'idempotency-key': 'bad key with spaces' });
    expect(key.statusCode).toBe(400);
    expect((await exitRow(exitId)).status).toBe('notice');
    expect(await balancesOf(db(), person.userId)).toEqual([{ product: 'Ordinary savings', kobo: 1_000_000, closed: false }]);
  });
});

describe('interest to the exit date', () => {
  it("pays pro rata interest at the last posted year end's rates for the year's days so far, from this year's expense", async () => {
    const person = await member('Pelumi Prorata', { ordinary: 30_000_000, shares: 2_500_000 });
    await db().execute(sql`
      insert into year_end_runs (year, from_date, to_date, status, proposal, figures, created_by_id, created_by_name)
      values (2025, '2025-01-01', '2025-12-31', 'posted',
              ${JSON.stringify({ year: 2025, dividend: { rateBp: 1000, method: 'prorated_months' }, interest: [{ productId: ORDINARY_SAVINGS_PRODUCT_ID, rateBp: 200, method: 'average_daily' }] })}::jsonb,
              '{}'::jsonb, 'officer', 'Officer')`);
    await db().execute(sql`insert into app_settings (key, value) values ('exits.pro_rata', 'true') on conflict (key) do update set value = 'true'`);
    try {
      const exitId = await exitAtNotice(db(), { userId: person.userId, holderName: 'Pelumi Prorata' });
      const approved = await approve(exitId, { settlementDate: '2026-11-20' });
      expect(approved.statusCode, approved.body).toBe(200);
      // 1 Jan to 20 Nov 2026 is 324 days: ₦300,000 × 2% × 324/365 = ₦5,326.03; ₦25,000 × 10% × 324/365 = ₦2,219.18.
      expect(approved.json().statement.products.map((line: { rateBp: number; days: number; interestKobo: number }) => [line.rateBp, line.days, line.interestKobo])).toEqual([
        [200, 324, 532_603],
        [1000, 324, 221_918],
      ]);
      expect(approved.json().statement.payableKobo).toBe(33_254_521);
      expect((await settle(exitId)).statusCode).toBe(201);
      expect(await entryLinesOf(db(), (await exitRow(exitId)).entry_id!)).toEqual([
        { code: '2000', subledger: true, kobo: 30_532_603 },
        { code: '2000', subledger: true, kobo: -532_603 },
        { code: '5200', subledger: false, kobo: 532_603 },
        { code: '3091', subledger: true, kobo: 2_721_918 },
        { code: '3091', subledger: true, kobo: -221_918 },
        { code: '5200', subledger: false, kobo: 221_918 },
        { code: '2170', subledger: false, kobo: -33_254_521 },
      ]);
      const rows = await queryRows<{ type: string; amount_kobo: string }>(
        db(),
        sql`select t.type, t.amount_kobo::text from savings_transactions t join savings_accounts a on a.id = t.account_id where a.user_id = ${person.userId} and t.value_date = '2026-11-20' order by t.seq`,
      );
      expect(rows).toEqual([
        { type: 'interest', amount_kobo: '532603' },
        { type: 'withdrawal', amount_kobo: '30532603' },
        { type: 'interest', amount_kobo: '221918' },
        { type: 'withdrawal', amount_kobo: '2721918' },
      ]);
    } finally {
      await db().execute(sql`update app_settings set value = 'false' where key = 'exits.pro_rata'`);
      await db().execute(sql`update year_end_runs set status = 'reversed' where year = 2025 and created_by_id = 'officer'`);
    }
  });
});

describe('many exits at once', () => {
  it('previews and settles a batch set-based, one entry per exit, all or nothing', async () => {
    const first = await cooperativeMember('Bola Batch');
    const second = await member('Chuka Batch', { ordinary: 2_000_000 });
    const exits = [
      await exitAtNotice(db(), { userId: first.userId, holderName: 'Bola Batch' }),
      await exitAtNotice(db(), { userId: second.userId, holderName: 'Chuka Batch' }),
    ];
    const preview = await admin.post('/api/exits/batch/preview', { exitIds: exits, settlementDate: '2026-11-20' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().items.map((item: { holderName: string; statement: { payableKobo: number } }) => [item.holderName, item.statement.payableKobo])).toEqual([
      ['Bola Batch', 22_180_000],
      ['Chuka Batch', 2_000_000],
    ]);
    expect(preview.json().payableKobo).toBe(24_180_000);
    const unknown = await admin.post('/api/exits/batch/preview', { exitIds: [...exits, '00000000-0000-4000-8000-000000000000'], settlementDate: '2026-11-20' });
    expect(unknown.statusCode).toBe(404);
    expect((await approve(exits[0]!, { settlementDate: '2026-11-20' })).statusCode).toBe(200);
    const half = await admin.post('/api/exits/batch/settle', { exitIds: exits });
    expect(half.statusCode).toBe(409);
    expect(half.json().error).toBe('EXIT_NOT_APPROVED');
    expect((await exitRow(exits[0]!)).status).toBe('approved');
    expect((await approve(exits[1]!, { settlementDate: '2026-11-20' })).statusCode).toBe(200);
    const settled = await admin.post('/api/exits/batch/settle', { exitIds: exits });
    expect(settled.statusCode, settled.body).toBe(201);
    expect(settled.json()).toEqual({ settledCount: 2, payableKobo: 24_180_000 });
    const entries = await queryRows<{ narration: string }>(
      db(),
      sql`select narration from journal_entries where source_type = 'exit' and source_id in (${exits[0]!}::uuid, ${exits[1]!}::uuid) order by narration`,
    );
    expect(entries).toEqual([{ narration: 'Exit · Bola Batch · Retirement' }, { narration: 'Exit · Chuka Batch · Retirement' }]);
    expect(await entryLinesOf(db(), (await exitRow(exits[1]!)).entry_id!)).toEqual([
      { code: '2000', subledger: true, kobo: 2_000_000 },
      { code: '2170', subledger: false, kobo: -2_000_000 },
    ]);
    expect(await balancesOf(db(), first.userId)).toEqual([
      { product: 'Ordinary savings', kobo: 0, closed: true },
      { product: 'Shares', kobo: 0, closed: true },
      { product: 'Christmas', kobo: 0, closed: true },
    ]);
    const again = await admin.post('/api/exits/batch/settle', { exitIds: exits });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('EXIT_ALREADY_SETTLED');
  });
});

describe('a reversal after the settlement month', () => {
  it('is refused once the month has turned', async () => {
    const person = await member('Mide Month', { ordinary: 1_000_000 });
    const exitId = await exitAtNotice(db(), { userId: person.userId, holderName: 'Mide Month' });
    expect((await approve(exitId, { settlementDate: '2026-11-20' })).statusCode).toBe(200);
    expect((await settle(exitId)).statusCode).toBe(201);
    const saved = clock;
    clock = new Date('2026-12-01T09:00:00+01:00');
    try {
      const refused = await admin.post(`/api/exits/${exitId}/reverse`, { reason: 'Too late' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'EXIT_CANNOT_REVERSE', message: 'A settlement can be reversed only within its month and before it is paid out.' });
      expect((await exitRow(exitId)).status).toBe('settled');
    } finally {
      clock = saved;
    }
  });
});
