import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';
import { createFlatLoanProduct } from '../loans/loan-test-support.ts';
import { accruePenalties } from './accrue-penalties.ts';

let ctx: TestContext;
let admin: SignedInClient;
const DISBURSED = new Date('2026-11-15T09:00:00Z');
let now = DISBURSED;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => now,
);

/** COOPERATIVE.md's by-laws: 2% of the overdue amount per month overdue, past a 7-day grace, capped at 10% of the instalment. */
const BYLAWS = { penaltyKind: 'percent', penaltyValue: '2', penaltyFrequency: 'monthly', penaltyGraceDays: '7', penaltyCapKind: 'percent', penaltyCapValue: '10' };
const products = { first: '', after: '' };
beforeAll(async () => {
  products.first = await createFlatLoanProduct(admin, 'Penalised', { ...BYLAWS, earlyPayment: 'reduce_term' });
  products.after = await createFlatLoanProduct(admin, 'Penalised after principal', { ...BYLAWS, penaltyOrder: 'after_principal', earlyPayment: 'reduce_term' });
});

/**
 * ₦120,000 over 12 months at 12% flat with a ₦1,000 fee, disbursed on 15 November 2026: instalments
 * of ₦11,200 (₦10,000 principal, ₦1,200 interest) due at each month's end from December. Nothing is
 * repaid, so by 8 March 2027 December's is three months past its grace, January's two, February's one.
 */
async function overdueLoan(product: keyof typeof products = 'first'): Promise<string> {
  now = DISBURSED;
  const staff = await addStaff(admin);
  await deposit(admin, staff.userId, '100,000');
  const applied = await admin.post('/api/loans', { productId: products[product], amount: '120,000', months: '12', purpose: 'School fees', userId: staff.userId });
  const loanId = applied.json().loan.id;
  await admin.post(`/api/loans/${loanId}/decision`, { decision: 'approve' });
  expect((await admin.post(`/api/loans/${loanId}/disbursement`, {})).statusCode).toBe(201);
  return loanId;
}

const db = () => ctx.app.kobo.database.db;
const run = (body: Record<string, unknown> = {}) => admin.post('/api/loan-penalties/run', body);
const penalties = async (loanId: string) => (await admin.get(`/api/loans/${loanId}/penalties`)).json();
/** The two penalty accounts' balances in the books (debit positive). */
async function books(): Promise<{ receivable: number; income: number }> {
  const [row] = await queryRows<{ receivable: string; income: string }>(
    db(),
    sql`select coalesce(sum(l.amount_kobo) filter (where m.key = 'loans.penalty_receivable'), 0)::text as receivable,
               coalesce(sum(l.amount_kobo) filter (where m.key = 'loans.penalty_income'), 0)::text as income
        from journal_lines l join ledger_mappings m on m.account_id = l.account_id and m.key in ('loans.penalty_receivable', 'loans.penalty_income')`,
  );
  return { receivable: Number(row?.receivable), income: Number(row?.income) };
}

describe('the daily penalty job', () => {
  it('charges ₦224.00 a month per overdue instalment and posts once, however often it runs', async () => {
    const loanId = await overdueLoan();
    const before = await books();
    const owedBefore = (await admin.get(`/api/loans/${loanId}`)).json().loan.ledger.outstandingTotalKobo;
    now = new Date('2027-03-08T09:00:00Z');
    const first = await run();
    expect(first.statusCode, first.body).toBe(200);
    // December's three charges (₦672.00), January's two (₦448.00), February's one (₦224.00).
    expect(first.json()).toMatchObject({ businessDate: '2027-03-08', charges: 6, amountKobo: 134_400 });
    const view = await penalties(loanId);
    expect(view).toMatchObject({ chargedKobo: 134_400, paidKobo: 0, waivedKobo: 0, outstandingKobo: 134_400 });
    // The loan's total outstanding includes them, as its payoff quote does (the simulator found it left out).
    expect((await admin.get(`/api/loans/${loanId}`)).json().loan.ledger.outstandingTotalKobo - owedBefore).toBe(134_400);
    expect(view.charges.filter((charge: { instalmentNumber: number }) => charge.instalmentNumber === 1).map((charge: { chargeDate: string; amountKobo: number }) => [charge.chargeDate, charge.amountKobo])).toEqual([
      ['2027-01-08', 22_400],
      ['2027-02-08', 22_400],
      ['2027-03-08', 22_400],
    ]);
    // Again, by hand and on two "instances" at once: nothing more.
    const [second, third] = await Promise.all([run(), accruePenalties(db(), { id: null }, '2027-03-08')]);
    expect(second.json()).toMatchObject({ charges: 0, amountKobo: 0 });
    expect(third).toMatchObject({ charges: 0 });
    const after = await books();
    expect(after.receivable - before.receivable).toBe(134_400);
    expect(after.income - before.income).toBe(-134_400);
    // Five months on, the cap: ₦1,120.00 for each instalment at most.
    now = new Date('2027-08-31T09:00:00Z');
    await run();
    const capped = await penalties(loanId);
    const onDecember = capped.charges.filter((charge: { instalmentNumber: number }) => charge.instalmentNumber === 1);
    expect(onDecember.reduce((sum: number, charge: { amountKobo: number }) => sum + charge.amountKobo, 0)).toBe(112_000);
  });

  it('runs from the schedule once a day, on the first check', async () => {
    const loanId = await overdueLoan();
    now = new Date('2027-01-10T09:00:00Z');
    const { runScheduledPenalties } = await import('./run-penalties.ts');
    const deps = { db: db(), now: () => now, timeZone: 'Africa/Lagos' };
    const [once, twice] = await Promise.all([runScheduledPenalties(deps), runScheduledPenalties(deps)]);
    expect([once, twice].filter((result) => result !== null)).toHaveLength(1);
    expect((await penalties(loanId)).chargedKobo).toBe(22_400);
  });

  it('refuses a business date in the future, writing nothing', async () => {
    now = new Date('2027-03-08T09:00:00Z');
    await expectNoRowsWritten(db(), async () => {
      const future = await run({ businessDate: '2027-03-09' });
      expect(future.statusCode).toBe(400);
      expect(future.json().message).toBe(MESSAGES.loanPenaltyJobDateInvalid);
      expect((await run({ businessDate: 'yesterday' })).statusCode).toBe(400);
    });
  });
});

describe('a repayment on a penalised loan', () => {
  it('pays the penalties first, and its reversal puts them back', async () => {
    const loanId = await overdueLoan();
    now = new Date('2027-03-08T09:00:00Z');
    await run();
    const before = await books();
    now = new Date('2027-03-28T09:00:00Z');
    const paid = await admin.post(`/api/loans/${loanId}/repayments`, { amount: '11,200' });
    expect(paid.statusCode, paid.body).toBe(201);
    // ₦1,344.00 of penalties, then the ₦1,000 fee, then December's ₦1,200 interest and ₦7,656.00 of its principal.
    const entry = (await admin.get('/api/audit?kind=loan.repayment')).json().entries[0];
    expect(entry.after.allocation).toEqual({ fee: 100_000, penalty: 134_400, lines: [{ number: 1, interest: 120_000, principal: 765_600, interestWaived: 0 }] });
    expect(await penalties(loanId)).toMatchObject({ paidKobo: 134_400, outstandingKobo: 0 });
    expect((await books()).receivable - before.receivable).toBe(-134_400);

    const [repayment] = await queryRows<{ id: string }>(db(), sql`select id::text from loan_transactions where loan_id = ${loanId} and type = 'repayment'`);
    const reversed = await admin.post(`/api/loans/entries/${repayment!.id}/reversal`, { reason: 'Bounced' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(await penalties(loanId)).toMatchObject({ paidKobo: 0, outstandingKobo: 134_400 });
    expect((await books()).receivable).toBe(before.receivable);
  });

  it('pays them after the principal due when the product says so', async () => {
    const loanId = await overdueLoan('after');
    now = new Date('2027-03-08T09:00:00Z');
    await run();
    now = new Date('2027-03-28T09:00:00Z');
    // The fee and the four instalments due by March's end (₦45,800), then ₦400 of the penalties.
    const paid = await admin.post(`/api/loans/${loanId}/repayments`, { amount: '46,200' });
    expect(paid.statusCode, paid.body).toBe(201);
    const entry = (await admin.get('/api/audit?kind=loan.repayment')).json().entries[0];
    expect(entry.after.allocation).toMatchObject({ fee: 100_000, penalty: 40_000 });
    expect(await penalties(loanId)).toMatchObject({ paidKobo: 40_000, outstandingKobo: 94_400 });
  });
});

describe('waiving penalties', () => {
  it('waives one charge or all with a reason: audited, reversed in the books, never deleted', async () => {
    const loanId = await overdueLoan();
    now = new Date('2027-03-08T09:00:00Z');
    await run();
    const before = await books();
    const [oldest] = (await penalties(loanId)).charges;
    const one = await admin.post(`/api/loans/${loanId}/penalties/waive`, { chargeId: oldest.id, reason: 'Salary paid late by the employer' });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ chargedKobo: 134_400, waivedKobo: 22_400, outstandingKobo: 112_000 });
    expect(one.json().charges[0]).toMatchObject({ waivedKobo: 22_400, outstandingKobo: 0, waiveReason: 'Salary paid late by the employer' });
    const all = await admin.post(`/api/loans/${loanId}/penalties/waive`, { reason: 'Hardship' });
    expect(all.json()).toMatchObject({ waivedKobo: 134_400, outstandingKobo: 0 });
    expect(all.json().charges).toHaveLength(6);
    const after = await books();
    expect(after.receivable - before.receivable).toBe(-134_400);
    expect(after.income - before.income).toBe(134_400);
    const audit = (await admin.get('/api/audit?kind=loan.penalty_waived')).json().entries;
    expect(audit[0].after).toMatchObject({ waivedKobo: 112_000, reason: 'Hardship' });
  });

  it('waives what a loan owes in penalties when it is written off, so Penalties receivable no longer counts them', async () => {
    // Found by the simulator (seed 1, 2016-10-31): a write-off left ₦228.91 of penalties receivable for good.
    const loanId = await overdueLoan();
    now = new Date('2027-03-08T09:00:00Z');
    await run();
    const before = await books();
    const written = await admin.post(`/api/loans/${loanId}/write-off`, { reason: 'Absconded' });
    expect(written.statusCode, written.body).toBe(200);
    expect(await penalties(loanId)).toMatchObject({ chargedKobo: 134_400, paidKobo: 0, waivedKobo: 134_400, outstandingKobo: 0 });
    expect((await penalties(loanId)).charges[0]).toMatchObject({ waiveReason: 'Loan written off: Absconded' });
    const after = await books();
    expect(after.receivable - before.receivable).toBe(-134_400);
    expect(after.income - before.income).toBe(134_400);
    const audit = (await admin.get('/api/audit?kind=loan.written_off')).json().entries[0];
    expect(audit.after).toMatchObject({ status: 'written_off', penaltiesWaivedKobo: 134_400, reason: 'Absconded' });
  });

  it('is refused without a reason, for a charge of another loan, or with nothing owed, writing nothing', async () => {
    const loanId = await overdueLoan();
    const other = await overdueLoan();
    now = new Date('2027-03-08T09:00:00Z');
    await run();
    const [charge] = (await penalties(other)).charges;
    await expectNoRowsWritten(db(), async () => {
      const noReason = await admin.post(`/api/loans/${loanId}/penalties/waive`, { reason: '  ' });
      expect(noReason.statusCode).toBe(400);
      expect(JSON.stringify(noReason.json())).toContain(MESSAGES.loanPenaltyWaiveReasonRequired);
      expect((await admin.post(`/api/loans/${loanId}/penalties/waive`, { chargeId: charge.id, reason: 'x' })).statusCode).toBe(404);
      expect((await admin.post(`/api/loans/${loanId}/penalties/waive`, { chargeId: 'not-a-uuid', reason: 'x' })).statusCode).toBe(400);
      expect((await admin.get('/api/loans/not-a-loan/penalties')).statusCode).toBe(404);
    });
    await admin.post(`/api/loans/${loanId}/penalties/waive`, { reason: 'Hardship' });
    await expectNoRowsWritten(db(), async () => {
      expect((await admin.post(`/api/loans/${loanId}/penalties/waive`, { reason: 'Again' })).statusCode).toBe(409);
    });
  });
});

describe("a product's penalty rule", () => {
  it('is stored as typed and shown back, and each wrong field is refused on itself, writing nothing', async () => {
    const listed = (await admin.get('/api/loan-products')).json().products as { id: string; penalty: unknown }[];
    expect(listed.find((product) => product.id === products.first)?.penalty).toEqual({
      kind: 'percent',
      value: 200,
      frequency: 'monthly',
      graceDays: 7,
      cap: { kind: 'percent', basisPoints: 1_000 },
      order: 'first',
    });
    const base = { name: 'Refused penalty', method: 'flat', annualRate: '12', maxMonths: '12', savingsMultiple: '2', maxAmount: '500,000', guarantorsRequired: '0' };
    await expectNoRowsWritten(db(), async () => {
      for (const [fields, field, message] of [
        [{ penaltyKind: 'percent', penaltyValue: '0' }, 'penaltyValue', MESSAGES.loanPenaltyPercentInvalid],
        [{ penaltyKind: 'flat', penaltyValue: '500', penaltyGraceDays: '-1' }, 'penaltyGraceDays', MESSAGES.loanPenaltyGraceInvalid],
        [{ penaltyKind: 'flat', penaltyValue: '500', penaltyCapKind: 'percent', penaltyCapValue: '101' }, 'penaltyCapValue', MESSAGES.loanPenaltyCapInvalid],
        [{ penaltyKind: 'daily' }, 'penaltyKind', MESSAGES.loanPenaltyKindInvalid],
        [{ penaltyKind: 'flat', penaltyValue: '500', penaltyOrder: 'last' }, 'penaltyOrder', MESSAGES.loanPenaltyOrderInvalid],
      ] as const) {
        const refused = await admin.post('/api/loan-products', { ...base, ...fields });
        expect(refused.statusCode, JSON.stringify(fields)).toBe(400);
        expect(refused.json()).toMatchObject({ field, message });
      }
    });
  });
});
