import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { arrearsKey, contributionKey, MESSAGES, ORDINARY_SAVINGS_PRODUCT_ID } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { newProduct } from '../savings-reports/savings-reports-test-support.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';
import { arrearsOf, issuedAdvice, keyed, match, ORDINARY, postRemittance } from './remittance-test-support.ts';

/**
 * Issue 30's remittance matched and posted (decision 047), with COOPERATIVE.md's member E: advised
 * ordinary ₦5,000 + Christmas ₦2,000 + loan ₦11,200 = ₦18,200; payroll remits ₦15,000. Loans first:
 * loan ₦11,200, ordinary ₦3,800, Christmas ₦0; arrears ordinary ₦1,200 and Christmas ₦2,000.
 */
let ctx: TestContext;
let admin: SignedInClient;
// E's loan is paid out on 10 June 2026; July's remittance is posted on 5 August, valued Friday 31 July.
const DISBURSED = new Date('2026-06-10T09:00:00Z');
const RUN_DAY = new Date('2026-08-05T09:00:00Z');
let now = RUN_DAY;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => now,
);
const db = () => ctx.app.kobo.database.db as Database;

type Member = { userId: string; staffId: string; name: string };
let christmas = '';
let xmasKey = '';
let e: Member & { loanId: string };
let f: Member;
let g: Member;
let h: Member;
let i: Member;

async function member(name: string): Promise<Member> {
  const staff = await addStaff(admin, { name });
  return { userId: staff.userId, staffId: staff.staffId as string, name };
}

/** ₦100,000 saved and a ₦120,000 loan over 12 months at 12% flat from 10 June: ₦11,200 due each month. */
async function borrower(name: string) {
  now = DISBURSED;
  const productId = (
    await admin.post('/api/loan-products', { name: 'Remittance Loan', method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', feeKind: 'none', guarantorsRequired: '0', earlyPayment: 'reduce_term' })
  ).json().product.id;
  const staff = await member(name);
  await deposit(admin, staff.userId, '100,000');
  const loanId = (await admin.post('/api/loans', { productId, amount: '120,000', months: '12', purpose: 'Rent', userId: staff.userId })).json().loan.id;
  await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' });
  expect((await admin.post(`/api/loans/${loanId}/disbursement`, {})).statusCode).toBe(201);
  now = RUN_DAY;
  return { ...staff, loanId };
}

async function balances(userId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ name: string; balance_kobo: string }>(
    db(),
    sql`select p.name, a.balance_kobo::text from savings_accounts a join savings_products p on p.id = a.product_id where a.user_id = ${userId} order by p.name`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.balance_kobo)]));
}

beforeAll(async () => {
  christmas = await newProduct(db(), { name: 'Christmas Savings', kind: 'target', code: '2210', windowOpens: '12-01', windowCloses: '12-31', payoutOn: '12-31', payoutTo: 'ordinary' });
  xmasKey = contributionKey(christmas);
  e = await borrower('Efe Eke');
  f = await member('Funmi Full');
  g = await member('Gbenga Over');
  h = await member('Hauwa Missing');
  i = await member('Ike Held');
  await issuedAdvice(db(), admin.userId, '2026-07', '2026-07-31', [
    { ...e, deductions: { [ORDINARY]: 500_000, [xmasKey]: 200_000, loan: 1_120_000 } },
    { ...f, deductions: { [ORDINARY]: 300_000 } },
    { ...g, deductions: { [ORDINARY]: 200_000 } },
    { ...h, deductions: { [ORDINARY]: 100_000 } },
    { ...i, deductions: { [ORDINARY]: 100_000 }, heldReason: 'On leave without pay' },
  ]);
});

/** July's remittance: E ₦15,000 as one total, F in full, G ₦500 over, H missing, held-out I and a stranger remitted for. */
const julyLines = () => [
  keyed(e.staffId, '15,000'),
  { ref: f.staffId.toLowerCase(), row: 3, parts: [{ keys: [ORDINARY], amount: '3000.00' }] },
  keyed(g.staffId, '2,500'),
  keyed(i.staffId, '50'),
  keyed('STF999', '100'),
];

describe('matching a remittance to the issued advice', () => {
  it('gives every member an outcome, per deduction, counted and totalled against the bank amount', async () => {
    const response = await match(admin, '2026-07', { lines: julyLines(), bankAmountKobo: 2_065_000 });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.members.map((m: { ref: string; outcome: string; advisedKobo: number; remittedKobo: number; paidKobo: number; shortKobo: number; overKobo: number }) => [m.ref, m.outcome, m.advisedKobo, m.remittedKobo, m.paidKobo, m.shortKobo, m.overKobo])).toEqual([
      [e.staffId, 'short', 1_820_000, 1_500_000, 1_500_000, 320_000, 0],
      [f.staffId, 'full', 300_000, 300_000, 300_000, 0, 0],
      [g.staffId, 'over', 200_000, 250_000, 200_000, 0, 50_000],
      [h.staffId, 'not_on_payroll', 100_000, 0, 0, 100_000, 0],
      [i.staffId, 'unexpected', 0, 5_000, 0, 0, 5_000],
      ['STF999', 'unexpected', 0, 10_000, 0, 0, 10_000],
    ]);
    // Loans first: the loan, then ordinary savings, then Christmas.
    expect(answer.members[0].deductions).toEqual([
      { key: 'loan', label: 'Loan repayment', advisedKobo: 1_120_000, paidKobo: 1_120_000, outcome: 'full' },
      { key: ORDINARY, label: 'Ordinary savings', advisedKobo: 500_000, paidKobo: 380_000, outcome: 'short' },
      { key: xmasKey, label: 'Christmas Savings', advisedKobo: 200_000, paidKobo: 0, outcome: 'short' },
    ]);
    expect(answer.members[1]).toMatchObject({ row: 3, userId: f.userId, name: 'Funmi Full', staffId: f.staffId, reason: null });
    expect(answer.members[2].deductions).toEqual([{ key: ORDINARY, label: 'Ordinary savings', advisedKobo: 200_000, paidKobo: 200_000, outcome: 'full' }]);
    expect(answer.members[4]).toMatchObject({ userId: i.userId, name: 'Ike Held' });
    expect(answer.members[5]).toMatchObject({ userId: null, name: null, staffId: null });
    expect(answer.counts).toEqual({ full: 1, short: 1, over: 1, not_on_payroll: 1, unexpected: 2 });
    expect(answer.outcomeKobo).toEqual({ full: 300_000, short: 1_500_000, over: 250_000, not_on_payroll: 0, unexpected: 15_000 });
    expect(answer.totals).toEqual({ advisedKobo: 2_420_000, remittedKobo: 2_065_000, paidKobo: 2_000_000, shortKobo: 420_000, overKobo: 65_000 });
    expect(answer).toMatchObject({ month: '2026-07', bankAmountKobo: 2_065_000, differenceKobo: 0, refusedCount: 0, alreadyPosted: false });
  });

  it('merges two lines for one member and refuses the line whose amount is no amount', async () => {
    const response = await match(admin, '2026-07', {
      lines: [keyed(f.staffId, '1,000'), keyed(f.staffId, '2,000'), keyed(g.staffId, 'two thousand')],
    });
    const answer = response.json();
    const byRef = (ref: string) => answer.members.find((m: { ref: string }) => m.ref === ref);
    expect(byRef(f.staffId)).toMatchObject({ outcome: 'full', remittedKobo: 300_000, reason: null });
    expect(byRef(g.staffId)).toMatchObject({ reason: MESSAGES.enterValidAmount, remittedKobo: 0 });
    expect(answer).toMatchObject({ refusedCount: 1, bankAmountKobo: null, differenceKobo: null });
  });

  it('refuses a month with no advice (404) and an advice not yet issued (409)', async () => {
    expect((await match(admin, '2026-05', { lines: [] })).json()).toMatchObject({ error: 'PAYROLL_ADVICE_NOT_FOUND' });
    await issuedAdvice(db(), admin.userId, '2026-04', '2026-04-30', [{ ...f, deductions: { [ORDINARY]: 300_000 } }], { status: 'draft' });
    const draft = await match(admin, '2026-04', { lines: [] });
    expect(draft.statusCode).toBe(409);
    expect(draft.json()).toMatchObject({ error: 'PAYROLL_ADVICE_NOT_ISSUED', message: MESSAGES.payrollAdviceNotIssued });
    expect((await match(admin, '2026-13', { lines: [] })).statusCode).toBe(400);
  });
});

describe('posting the remittance', () => {
  it('refuses, writing nothing, without a bank amount, with a bank amount that differs, or with a line it cannot read', async () => {
    await expectNoRowsWritten(db(), async () => {
      const missing = await postRemittance(admin, '2026-07', { lines: julyLines() });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ message: MESSAGES.enterBankAmount, field: 'bankAmountKobo' });
      const short = await postRemittance(admin, '2026-07', { lines: julyLines(), bankAmountKobo: 2_000_000 });
      expect(short.statusCode).toBe(409);
      expect(short.json()).toMatchObject({
        error: 'REMITTANCE_BANK_MISMATCH',
        message: 'The bank received ₦20,000.00 but the remittance totals ₦20,650.00: ₦650.00 less.',
        field: 'bankAmountKobo',
      });
      const unreadable = await postRemittance(admin, '2026-07', { lines: [...julyLines().slice(0, 4), keyed('STF999', 'lots')], bankAmountKobo: 2_055_000 });
      expect(unreadable.statusCode).toBe(409);
      expect(unreadable.json()).toMatchObject({ error: 'REMITTANCE_NOT_READY' });
    });
  });

  it("posts member E's ₦15,000 loans first, the month's batch, arrears and over-deductions held, once", async () => {
    const response = await postRemittance(admin, '2026-07', { lines: julyLines(), bankAmountKobo: 2_065_000 }, 'july-remittance');
    expect(response.statusCode, response.body).toBe(201);
    const posted = response.json();
    expect(posted).toMatchObject({
      month: '2026-07',
      source: 'keyed',
      bankAmountKobo: 2_065_000,
      totals: { advisedKobo: 2_420_000, remittedKobo: 2_065_000, paidKobo: 2_000_000, shortKobo: 420_000, overKobo: 65_000 },
      counts: { full: 1, short: 1, over: 1, not_on_payroll: 1, unexpected: 2 },
    });
    expect(posted.batchId).toEqual(expect.any(String));

    // The batch: E's ordinary savings ₦100,000 + ₦3,800, no Christmas money; F ₦3,000; G ₦2,000 (the ₦500 is held).
    expect(await balances(e.userId)).toEqual({ 'Ordinary savings': 10_380_000 });
    expect(await balances(f.userId)).toEqual({ 'Ordinary savings': 300_000 });
    expect(await balances(g.userId)).toEqual({ 'Ordinary savings': 200_000 });
    expect(await balances(h.userId)).toEqual({ 'Ordinary savings': 0 });
    const batch = (await admin.get(`/api/savings/batches/${posted.batchId}`)).json();
    expect(batch.batch).toMatchObject({ month: '2026-07', valueDate: '2026-07-31', rowCount: 3, depositKobo: 880_000, loanRepaymentKobo: 1_120_000 });
    // The loan's July instalment is paid: ₦10,000 principal and ₦1,200 interest.
    const loan = (await admin.get(`/api/loans/${e.loanId}`)).json().loan;
    expect(loan.ledger.instalments[0]).toMatchObject({ principalPaid: 1_000_000, interestPaid: 120_000 });
    expect(loan.ledger.entries.at(-1)).toMatchObject({ type: 'repayment', amountKobo: 1_120_000, valueDate: '2026-07-31', batchId: posted.batchId });

    // Arrears: E's ordinary ₦1,200 and Christmas ₦2,000; H's ordinary ₦1,000.
    expect(await arrearsOf(db(), e.userId)).toEqual(
      [
        { productId: ORDINARY_SAVINGS_PRODUCT_ID, month: '2026-07', amountKobo: 120_000, outstandingKobo: 120_000 },
        { productId: christmas, month: '2026-07', amountKobo: 200_000, outstandingKobo: 200_000 },
      ].toSorted((a, b) => a.productId.localeCompare(b.productId)),
    );
    expect(await arrearsOf(db(), h.userId)).toEqual([{ productId: ORDINARY_SAVINGS_PRODUCT_ID, month: '2026-07', amountKobo: 100_000, outstandingKobo: 100_000 }]);
    expect(await arrearsOf(db(), f.userId)).toEqual([]);

    // Held: G ₦500, I ₦50, the stranger ₦100, in one entry: Dr payroll deductions receivable, Cr over-deductions held.
    const held = (await admin.get('/api/payroll/overdeductions')).json().items;
    expect(held.map((item: { ref: string; userId: string | null; amountKobo: number; status: string; month: string }) => [item.ref, item.userId, item.amountKobo, item.status, item.month])).toEqual([
      [g.staffId, g.userId, 50_000, 'held', '2026-07'],
      [i.staffId, i.userId, 5_000, 'held', '2026-07'],
      ['STF999', null, 10_000, 'held', '2026-07'],
    ]);
    const lines = await queryRows<{ code: string; amount_kobo: string; value_date: string }>(
      db(),
      sql`select a.code, l.amount_kobo::text, l.value_date::text from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
          where e.source_type = 'payroll' and e.source_id = ${posted.id} order by l.line_no`,
    );
    expect(lines).toEqual([
      { code: '1100', amount_kobo: '65000', value_date: '2026-07-31' },
      { code: '2150', amount_kobo: '-65000', value_date: '2026-07-31' },
    ]);
    const trial = (await admin.get('/api/books/trial-balance?book=scheme&asOf=2026-08-05')).json();
    expect(trial.totalDebitKobo).toBe(trial.totalCreditKobo);
    expect(trial.rows.find((row: { code: string }) => row.code === '2150')).toMatchObject({ debitKobo: 0, creditKobo: 65_000 });
    // The payroll account: Dr ₦20,000 paid (the batch) + ₦650 held, all it received.
    expect(trial.rows.find((row: { code: string }) => row.code === '1100')).toMatchObject({ debitKobo: 2_065_000, creditKobo: 0 });

    // The detail keeps every member's match; the advice says it is posted.
    const detail = (await admin.get('/api/payroll/advices/2026-07/remittance')).json();
    expect(detail.remittance).toEqual(posted);
    expect(detail.members.map((m: { ref: string; outcome: string; shortKobo: number }) => [m.ref, m.outcome, m.shortKobo])).toEqual([
      [e.staffId, 'short', 320_000],
      [f.staffId, 'full', 0],
      [g.staffId, 'over', 0],
      [h.staffId, 'not_on_payroll', 100_000],
      [i.staffId, 'unexpected', 0],
      ['STF999', 'unexpected', 0],
    ]);
    expect(detail.members[0].deductions[1]).toEqual({ key: ORDINARY, label: 'Ordinary savings', advisedKobo: 500_000, paidKobo: 380_000, outcome: 'short' });
    expect((await match(admin, '2026-07', { lines: julyLines() })).json().alreadyPosted).toBe(true);

    // The same request again with its key replays; without, it is refused and writes nothing.
    const replay = await postRemittance(admin, '2026-07', { lines: julyLines(), bankAmountKobo: 2_065_000 }, 'july-remittance');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await expectNoRowsWritten(db(), async () => {
      const again = await postRemittance(admin, '2026-07', { lines: julyLines(), bankAmountKobo: 2_065_000 });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'REMITTANCE_ALREADY_POSTED', message: MESSAGES.remittanceAlreadyPosted });
    });
  });

  it("pays down E's arrears oldest first from August's arrears deductions, and shows E their own", async () => {
    const ordinaryArrears = arrearsKey(ORDINARY_SAVINGS_PRODUCT_ID);
    await issuedAdvice(db(), admin.userId, '2026-08', '2026-07-31', [
      { ...h, deductions: { [ordinaryArrears]: 100_000, [ORDINARY]: 100_000 } },
      { ...e, deductions: { [ordinaryArrears]: 120_000, [arrearsKey(christmas)]: 200_000 } },
    ]);
    // H pays ₦1,500: the ₦1,000 arrears first, then ₦500 of August's ₦1,000 (₦500 new arrears). E pays ₦2,000 of ₦3,200.
    const posted = await postRemittance(admin, '2026-08', { lines: [keyed(h.staffId, '1,500'), keyed(e.staffId, '2,000')], bankAmountKobo: 350_000 });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(await arrearsOf(db(), h.userId)).toEqual([
      { productId: ORDINARY_SAVINGS_PRODUCT_ID, month: '2026-07', amountKobo: 100_000, outstandingKobo: 0 },
      { productId: ORDINARY_SAVINGS_PRODUCT_ID, month: '2026-08', amountKobo: 50_000, outstandingKobo: 50_000 },
    ]);
    // E: ordinary arrears paid in full (₦1,200), Christmas arrears ₦800 of ₦2,000; short arrears are not new arrears.
    const eArrears = await arrearsOf(db(), e.userId);
    expect(eArrears.find((row) => row.productId === ORDINARY_SAVINGS_PRODUCT_ID)).toEqual({ productId: ORDINARY_SAVINGS_PRODUCT_ID, month: '2026-07', amountKobo: 120_000, outstandingKobo: 0 });
    expect(eArrears.find((row) => row.productId === christmas)).toEqual({ productId: christmas, month: '2026-07', amountKobo: 200_000, outstandingKobo: 120_000 });
    expect(await balances(e.userId)).toEqual({ 'Christmas Savings': 80_000, 'Ordinary savings': 10_500_000 });
  });
});

describe('two posts at once', () => {
  it('posts one remittance; the other is refused', async () => {
    await issuedAdvice(db(), admin.userId, '2026-06', '2026-06-30', [{ ...f, deductions: { [ORDINARY]: 300_000 } }]);
    const body = { lines: [keyed(f.staffId, '3,000')], bankAmountKobo: 300_000 };
    const answers = await Promise.all([postRemittance(admin, '2026-06', body), postRemittance(admin, '2026-06', body)]);
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({ error: 'REMITTANCE_ALREADY_POSTED' });
    const [count] = await queryRows<{ count: number }>(db(), sql`select count(*)::int as count from payroll_remittances r join payroll_advices a on a.id = r.advice_id where a.month = '2026-06'`);
    expect(count?.count).toBe(1);
  });
});

describe('a month the monthly run already posted', () => {
  it("is refused as the run refuses a second batch, writing nothing", async () => {
    await issuedAdvice(db(), admin.userId, '2026-05', '2026-05-29', [{ ...f, deductions: { [ORDINARY]: 300_000 } }]);
    const run = await admin.post('/api/savings/batches', { month: '2026-05', valueDate: '2026-05-29', rows: [{ ref: g.staffId, amount: '1,000' }] });
    expect(run.statusCode, run.body).toBe(201);
    await expectNoRowsWritten(db(), async () => {
      const refused = await postRemittance(admin, '2026-05', { lines: [keyed(f.staffId, '3,000')], bankAmountKobo: 300_000 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'BATCH_ALREADY_POSTED' });
    });
  });
});
