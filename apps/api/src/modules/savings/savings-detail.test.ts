import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { calendarDate, MESSAGES, savingsRange, type SavingsHolderListItem } from '@kobo/core';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { addStaff, expectNoLedgerDrift, transfer } from './savings-test-support.ts';

const TIME_ZONE = 'Africa/Lagos';
let ctx: TestContext;
let admin: SignedInClient;
let staff: SavingsHolderListItem;
let other: SavingsHolderListItem;

/** A posting dated in the past, written as the service would: ledger row and balance together. */
async function postAt(accountId: string, type: 'deposit' | 'withdrawal', amountKobo: number, at: Date) {
  const delta = type === 'deposit' ? amountKobo : -amountKobo;
  await ctx.app.kobo.database.db.transaction(async (tx) => {
    await tx.execute(sql`update savings_accounts set balance_kobo = balance_kobo + ${delta} where id = ${accountId}`);
    await tx.execute(sql`insert into savings_transactions (account_id, type, amount_kobo, created_by_email, created_at, value_date)
      values (${accountId}, ${type}, ${amountKobo}, 'seed@kobo.test', ${at.toISOString()}, ${calendarDate(at, TIME_ZONE)})`);
  });
}

const now = new Date();
const starts = {
  week: savingsRange('week', now, TIME_ZONE).start,
  month: savingsRange('month', now, TIME_ZONE).start,
  year: savingsRange('year', now, TIME_ZONE).start,
};
// Around each period's first instant: one just before, one exactly at it.
const seeded = Object.values(starts).flatMap((start, index) => [
  { type: 'deposit' as const, amountKobo: 100_000 * (index + 1), at: new Date(start.getTime() - 1000) },
  { type: 'withdrawal' as const, amountKobo: 1_000 * (index + 1), at: start },
]);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin');
  staff = await addStaff(admin, { name: 'Efe Detail' });
  other = await addStaff(admin, { name: 'Femi Other' });
  for (const row of seeded.toSorted((a, b) => a.at.getTime() - b.at.getTime())) {
    await postAt(staff.accountId ?? '', row.type, row.amountKobo, row.at);
  }
  const transferred = await transfer(admin, { fromUserId: staff.userId, toUserId: other.userId, amount: 5 });
  if (transferred.statusCode !== 201) throw new Error(`transfer failed: ${transferred.body}`);
});
afterAll(async () => {
  if (ctx) await expectNoLedgerDrift(ctx);
  await ctx?.close();
});

describe('Staff Savings Detail', () => {
  it.each(['week', 'month', 'year'] as const)('sums inflow, outflow and net for this %s, from its first instant', async (period) => {
    const response = await admin.get(`/api/savings/accounts/${staff.staffId}?period=${period}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    const inPeriod = seeded.filter((row) => row.at >= starts[period]);
    const inflow = inPeriod.filter((row) => row.type === 'deposit').reduce((sum, row) => sum + row.amountKobo, 0);
    const outflow = inPeriod.filter((row) => row.type === 'withdrawal').reduce((sum, row) => sum + row.amountKobo, 0) + 500;
    const balance = seeded.reduce((sum, row) => sum + (row.type === 'deposit' ? row.amountKobo : -row.amountKobo), 0) - 500;
    expect(detail.period).toMatchObject({ name: period, start: starts[period].toISOString() });
    expect(detail.summary).toEqual({ balanceKobo: balance, inflowKobo: inflow, outflowKobo: outflow, netKobo: inflow - outflow });
    expect(detail.transactions).toHaveLength(inPeriod.length + 1);
    expect(detail.transactions[0]).toMatchObject({ type: 'transfer_out', counterpartyName: 'Femi Other' });
  });

  it('defaults to this month, finds the account by user id too, and says when there is none', async () => {
    const byUserId = (await admin.get(`/api/savings/accounts/${staff.userId}`)).json();
    expect(byUserId.period.name).toBe('month');
    expect(byUserId.account.staffId).toBe(staff.staffId);
    for (const ref of ['STF999', admin.userId]) {
      const missing = await admin.get(`/api/savings/accounts/${ref}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(MESSAGES.noSavingsAccount);
    }
    expect((await admin.get(`/api/savings/accounts/${staff.staffId}?period=day`)).statusCode).toBe(400);
  });
});

describe('statement', () => {
  it('gives opening and closing balances and a running balance for whole days', async () => {
    const today = calendarDate(now, TIME_ZONE);
    const firstDay = calendarDate(starts.year, TIME_ZONE);
    const response = await admin.get(`/api/savings/statement?userId=${staff.userId}&from=${firstDay}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json();
    const before = seeded.filter((row) => row.at < starts.year);
    expect(statement.openingBalanceKobo).toBe(before.reduce((sum, row) => sum + (row.type === 'deposit' ? row.amountKobo : -row.amountKobo), 0));
    let running = statement.openingBalanceKobo;
    for (const row of statement.rows) {
      running += row.type === 'deposit' || row.type === 'transfer_in' ? row.amountKobo : -row.amountKobo;
      expect(row.balanceAfterKobo).toBe(running);
    }
    expect(statement.closingBalanceKobo).toBe(running);
    expect(statement.closingBalanceKobo).toBe(statement.account.balanceKobo);
  });

  it('checks the range, asks an admin for a holder, and keeps holders to their own', async () => {
    const missing = await admin.get('/api/savings/statement?userId=x&from=&to=2026-01-01');
    expect(missing.json().message).toBe(MESSAGES.selectBothDates);
    const reversed = await admin.get('/api/savings/statement?userId=x&from=2026-02-01&to=2026-01-01');
    expect(reversed.json().message).toBe(MESSAGES.endBeforeStart);
    const noHolder = await admin.get('/api/savings/statement?from=2026-01-01&to=2026-01-31');
    expect(noHolder.json().message).toBe(MESSAGES.selectStaffMember);
    const user = await ctx.signedIn('user');
    expect((await user.get('/api/savings/statement?from=2026-01-01&to=2026-01-31')).json()).toMatchObject({ openingBalanceKobo: 0, rows: [] });
    expect((await user.get(`/api/savings/statement?userId=${staff.userId}&from=2026-01-01&to=2026-01-31`)).statusCode).toBe(403);
  });

  it('exports the statement as .xlsx with opening, running and closing balances', async () => {
    const today = calendarDate(now, TIME_ZONE);
    const firstDay = calendarDate(starts.year, TIME_ZONE);
    const query = `userId=${staff.userId}&from=${firstDay}&to=${today}`;
    const statement = (await admin.get(`/api/savings/statement?${query}`)).json();
    const response = await admin.get(`/api/savings/statement/export?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="statement-${staff.staffId}-${firstDay}-to-${today}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Statement');
    const values = (row: number, column: number) => sheet?.getRow(row).getCell(column).value;
    expect(values(1, 7)).toBe('Balance');
    expect(values(2, 7)).toBe(statement.openingBalanceKobo / 100);
    const last = statement.rows.length + 2;
    expect(values(last, 6)).toBe(-5);
    expect(values(last, 7)).toBe(statement.rows.at(-1).balanceAfterKobo / 100);
    expect(values(last + 1, 3)).toBe('Closing balance');
    expect(values(last + 1, 7)).toBe(statement.closingBalanceKobo / 100);
    const refused = await (await ctx.signedIn('manager')).get(`/api/savings/statement/export?${query}`);
    expect(refused.json().message).toBe(MESSAGES.savingsNotAuthorized);
  });
});
