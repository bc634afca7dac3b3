import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type ReportRow, type ReportSummary } from '@kobo/core';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { insertCategory, insertExpense } from '../expenses/expense-fixtures.ts';

let ctx: TestContext;
let admin: SignedInClient;
beforeAll(async () => {
  ctx = await createTestContext({}, () => new Date('2026-04-10T10:00:00Z'));
  admin = await ctx.signedIn('admin');
  const user = await ctx.signedIn('user');
  const db = ctx.app.kobo.database.db;
  const fuel = await insertCategory(db, 'Fuel');
  const food = await insertCategory(db, 'Food');
  const rows = [
    [fuel, 60_000, '2026-03-31', 'Diesel'],
    [food, 20_000, '2026-03-26', null],
    [food, 5_000, '2026-03-25', 'Lunch'],
    [fuel, 1_000, '2026-03-24', 'outside the range'],
    [fuel, 2_000, '2026-04-01', 'outside the range'],
  ] as const;
  for (const [categoryId, amountKobo, spentOn, description] of rows) {
    await insertExpense(db, { categoryId, userId: user.userId, amountKobo, spentOn, ...(description ? { description } : {}) });
  }
});
afterAll(async () => ctx?.close());

describe('the report', () => {
  it('totals whole days from the start date to the end date, with the daily average and percentages', async () => {
    const response = await admin.get('/api/reports?from=2026-03-25&to=2026-03-31');
    expect(response.statusCode).toBe(200);
    const report = response.json() as ReportSummary;
    expect(report).toMatchObject({ range: { from: '2026-03-25', to: '2026-03-31' }, days: 7, totalKobo: 85_000, count: 3 });
    // 85,000 kobo ÷ 7 days = 12,142.86 → 12,143 kobo, rounded once.
    expect(report.averageDailyKobo).toBe(12_143);
    expect(report.breakdown.map((share) => [share.name, share.amountKobo, share.percent])).toEqual([
      ['Fuel', 60_000, 70.6],
      ['Food', 25_000, 29.4],
    ]);
  });

  it('covers a single day when start and end are the same', async () => {
    const report = (await admin.get('/api/reports?from=2026-03-31&to=2026-03-31')).json() as ReportSummary;
    expect(report).toMatchObject({ days: 1, totalKobo: 60_000, averageDailyKobo: 60_000 });
  });

  it('lists Date, Item and Amount newest day first, a page at a time', async () => {
    const first = (await admin.get('/api/reports/rows?from=2026-03-25&to=2026-03-31&limit=2')).json();
    expect(first.rows.map((row: ReportRow) => [row.date, row.item, row.amountKobo, row.description])).toEqual([
      ['2026-03-31', 'Fuel', 60_000, 'Diesel'],
      ['2026-03-26', 'Food', 20_000, null],
    ]);
    const second = (await admin.get(`/api/reports/rows?from=2026-03-25&to=2026-03-31&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.rows.map((row: ReportRow) => row.date)).toEqual(['2026-03-25']);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ['no dates', '', MESSAGES.selectBothDates],
    ['only a start', '?from=2026-03-01', MESSAGES.selectBothDates],
    ['only an end', '?to=2026-03-01', MESSAGES.selectBothDates],
    ['an end before the start', '?from=2026-03-02&to=2026-03-01', MESSAGES.endBeforeStart],
    ['a date that does not exist', '?from=2026-02-30&to=2026-03-01', MESSAGES.invalidDate],
  ])('refuses %s with the spec message', async (_label, query, message) => {
    for (const path of ['/api/reports', '/api/reports/rows']) {
      const response = await admin.get(`${path}${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('is the admin’s alone', async () => {
    const manager = await ctx.signedIn('manager');
    expect((await manager.get('/api/reports?from=2026-03-25&to=2026-03-31')).statusCode).toBe(403);
    expect((await manager.get('/api/reports/rows?from=2026-03-25&to=2026-03-31')).statusCode).toBe(403);
  });
});
