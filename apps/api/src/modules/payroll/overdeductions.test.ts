import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { queryRows, type Database } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { accountBalance, newProduct } from '../savings-reports/savings-reports-test-support.ts';
import { addStaff, openSavingsContext } from '../savings/savings-test-support.ts';
import { issuedAdvice, keyed, ORDINARY, postKeyed } from './remittance-test-support.ts';

/**
 * Issue 30: what payroll remitted beyond the advice is held (Dr payroll, Cr over-deductions held,
 * 2150) until an officer refunds it (Dr held, Cr cash) or applies it to one of the member's
 * products (a deposit whose counter account is the held account).
 */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened), () => new Date('2026-11-23T09:00:00.000Z'));
const db = () => ctx.app.kobo.database.db as Database;

let christmas = '';
let paul: { userId: string; staffId: string };
const ids: Record<string, string> = {};

type Item = { id: string; ref: string; amountKobo: number; status: string; productName: string | null; reason: string | null; decidedByName: string | null };

beforeAll(async () => {
  christmas = await newProduct(db(), { name: 'Christmas Savings', kind: 'target', code: '2210' });
  const staff = await addStaff(admin, { name: 'Paul Over' });
  paul = { userId: staff.userId, staffId: staff.staffId as string };
  await issuedAdvice(db(), admin.userId, '2026-09', '2026-09-30', [{ ...paul, name: 'Paul Over', deductions: { [ORDINARY]: 100_000 } }]);
  // Paul ₦1,500 of ₦1,000; two staff IDs that are nobody's, ₦200 and ₦300.
  await postKeyed(admin, '2026-09', [keyed(paul.staffId, '1,500'), keyed('STF998', '200'), keyed('STF997', '300')]);
  const held: Item[] = (await admin.get('/api/payroll/overdeductions')).json().items;
  for (const item of held) ids[item.ref] = item.id;
});

/** The lines of the entries that touched the held account since `after` (journal seq), by account code. */
async function heldEntries(after: number) {
  return queryRows<{ seq: number; code: string; amount_kobo: string }>(
    db(),
    sql`select e.seq::int as seq, a.code, l.amount_kobo::text from journal_entries e join journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
        where e.seq > ${after} and e.id in (select l2.entry_id from journal_lines l2 join ledger_accounts a2 on a2.id = l2.account_id where a2.code = '2150')
        order by e.seq, l.line_no`,
  );
}
async function lastSeq(): Promise<number> {
  const [row] = await queryRows<{ seq: number }>(db(), sql`select coalesce(max(seq), 0)::int as seq from journal_entries`);
  return row!.seq;
}

describe('over-deductions', () => {
  it('lists what is held, oldest month first, then by staff ID', async () => {
    const response = await admin.get('/api/payroll/overdeductions?status=held');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items.map((item: Item & { userId: string | null; name: string | null; month: string }) => [item.ref, item.userId, item.name, item.amountKobo, item.month, item.status])).toEqual([
      [paul.staffId, paul.userId, 'Paul Over', 50_000, '2026-09', 'held'],
      ['STF997', null, null, 30_000, '2026-09', 'held'],
      ['STF998', null, null, 20_000, '2026-09', 'held'],
    ]);
    expect((await admin.get('/api/payroll/overdeductions?status=lost')).statusCode).toBe(400);
  });

  it('refunds one with a reason: Dr over-deductions held, Cr bank; a second decision is refused', async () => {
    const before = await lastSeq();
    const response = await admin.post(`/api/payroll/overdeductions/${ids.STF998}/refund`, { reason: 'Not our member: paid back to payroll' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ref: 'STF998', status: 'refunded', reason: 'Not our member: paid back to payroll', decidedByName: expect.any(String), decidedAt: expect.any(String) });
    expect((await heldEntries(before)).map((line) => [line.code, line.amount_kobo])).toEqual([
      ['2150', '20000'],
      ['1000', '-20000'],
    ]);
    await expectNoRowsWritten(db(), async () => {
      const again = await admin.post(`/api/payroll/overdeductions/${ids.STF998}/refund`, { reason: 'Twice' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'OVERDEDUCTION_DECIDED', message: MESSAGES.overdeductionDecided });
      expect((await admin.post(`/api/payroll/overdeductions/${ids.STF998}/apply`, { productId: christmas })).json()).toMatchObject({ error: 'OVERDEDUCTION_DECIDED' });
      expect((await admin.post(`/api/payroll/overdeductions/${ids.STF997}/refund`, { reason: '   ' })).statusCode).toBe(400);
    });
  });

  it("applies one to the member's Christmas savings: a deposit whose counter account is the held account", async () => {
    await expectNoRowsWritten(db(), async () => {
      const unknown = await admin.post(`/api/payroll/overdeductions/${ids[paul.staffId]}/apply`, { productId: '00000000-0000-4000-8000-000000000000' });
      expect(unknown.json()).toMatchObject({ error: 'SAVINGS_PRODUCT_NOT_FOUND' });
    });
    const before = await lastSeq();
    const response = await admin.post(`/api/payroll/overdeductions/${ids[paul.staffId]}/apply`, { productId: christmas });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'applied', productId: christmas, productName: 'Christmas Savings', reason: null });
    expect(await accountBalance(db(), paul.userId, christmas)).toBe(50_000);
    expect((await heldEntries(before)).map((line) => [line.code, line.amount_kobo])).toEqual([
      ['2210', '-50000'],
      ['2150', '50000'],
    ]);
    // The next posting on the same connection books against its own counter account again.
    const [setting] = await queryRows<{ key: string | null }>(db(), sql`select current_setting('kobo.savings_counter_key', true) as key`);
    expect(setting?.key ?? '').toBe('');
    expect((await admin.post(`/api/payroll/overdeductions/${ids[paul.staffId]}/apply`, { productId: christmas })).statusCode).toBe(409);
  });

  it('refuses reversing the applied deposit on its own: it came from the held account, and would have credited Bank', async () => {
    const [deposit] = await queryRows<{ id: string }>(db(), sql`select id::text from savings_transactions where description = 'Over-deducted from the 2026-09 payroll'`);
    await expectNoRowsWritten(db(), async () => {
      const refused = await admin.post(`/api/savings/transactions/${deposit!.id}/reversal`, { reason: 'Wrong product' });
      expect([refused.statusCode, refused.json().error, refused.json().message]).toEqual([
        409,
        'REVERSAL_OVERDEDUCTION_APPLIED',
        'This deposit applied a payroll over-deduction, so it cannot be reversed on its own. Move the money with a transfer or a withdrawal instead.',
      ]);
    });
    expect(await accountBalance(db(), paul.userId, christmas)).toBe(50_000);
  });

  it('refuses to apply a line whose staff ID is nobody’s, and an unknown over-deduction, writing nothing', async () => {
    await expectNoRowsWritten(db(), async () => {
      const nobodys = await admin.post(`/api/payroll/overdeductions/${ids.STF997}/apply`, { productId: christmas });
      expect(nobodys.statusCode).toBe(400);
      expect(nobodys.json()).toMatchObject({ message: MESSAGES.overdeductionNobodys, field: 'productId' });
      expect((await admin.post('/api/payroll/overdeductions/00000000-0000-4000-8000-000000000000/refund', { reason: 'Gone' })).json()).toMatchObject({ error: 'OVERDEDUCTION_NOT_FOUND' });
      expect((await admin.post('/api/payroll/overdeductions/not-an-id/apply', { productId: christmas })).statusCode).toBe(404);
    });
  });

  it('lists decided ones by state, and the books still balance with ₦300 held', async () => {
    const refunded: Item[] = (await admin.get('/api/payroll/overdeductions?status=refunded')).json().items;
    expect(refunded.map((item) => [item.ref, item.amountKobo])).toEqual([['STF998', 20_000]]);
    const applied: Item[] = (await admin.get('/api/payroll/overdeductions?status=applied')).json().items;
    expect(applied.map((item) => [item.ref, item.productName])).toEqual([[paul.staffId, 'Christmas Savings']]);
    const trial = (await admin.get('/api/books/trial-balance?book=scheme&asOf=2026-11-23')).json();
    expect(trial.totalDebitKobo).toBe(trial.totalCreditKobo);
    expect(trial.rows.find((row: { code: string }) => row.code === '2150')).toMatchObject({ debitKobo: 0, creditKobo: 30_000 });
  });
});
