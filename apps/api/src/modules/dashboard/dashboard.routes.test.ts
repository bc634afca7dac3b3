import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardView, ExpenseView } from '@kobo/core';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { insertCategory, insertExpense } from '../expenses/expense-fixtures.ts';

/** 23:30 UTC on 31 March: already 1 April in Lagos (UTC+1), still 31 March in Los Angeles. */
const NOW = new Date('2026-03-31T23:30:00Z');

type Seeded = { ctx: TestContext; admin: SignedInClient; ids: Record<'A' | 'B' | 'C' | 'D', string> };

async function seededContext(timeZone: string): Promise<Seeded> {
  const ctx = await createTestContext({ APP_TIMEZONE: timeZone }, () => NOW);
  const admin = await ctx.signedIn('admin');
  const user = await ctx.signedIn('user');
  const db = ctx.app.kobo.database.db;
  const ids = { A: await insertCategory(db, 'A'), B: await insertCategory(db, 'B'), C: await insertCategory(db, 'C'), D: await insertCategory(db, 'D') };
  const rows = [
    ['A', 60_000, '2026-03-31', '2026-03-31T08:00:00Z'],
    ['A', 10_000, '2026-04-01', '2026-03-31T23:10:00Z'],
    ['B', 20_000, '2026-03-26', '2026-03-26T08:00:00Z'],
    ['C', 100_000, '2026-01-15', '2026-01-15T08:00:00Z'],
    ['D', 5_000, '2026-03-25', '2026-03-25T08:00:00Z'],
    ['D', 99_900, '2025-12-31', '2025-12-31T08:00:00Z'],
  ] as const;
  for (const [category, amountKobo, spentOn, createdAt] of rows) {
    await insertExpense(db, { categoryId: ids[category], userId: user.userId, amountKobo, spentOn, createdAt: new Date(createdAt) });
  }
  return { ctx, admin, ids };
}

let lagos: Seeded;
let losAngeles: Seeded;
beforeAll(async () => {
  lagos = await seededContext('Africa/Lagos');
  losAngeles = await seededContext('America/Los_Angeles');
});
afterAll(async () => {
  await lagos?.ctx.close();
  await losAngeles?.ctx.close();
});

async function dashboard(seeded: Seeded, period?: string): Promise<DashboardView> {
  const response = await seeded.admin.get(`/api/dashboard${period ? `?period=${period}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const shares = (view: DashboardView) => view.distribution.map((share) => [share.name, share.amountKobo, share.percent]);

describe('the dashboard', () => {
  it('defaults to This Week: the last 7 days including today in APP_TIMEZONE, a point per day', async () => {
    const view = await dashboard(lagos);
    expect(view.period).toBe('week');
    expect(view.range).toEqual({ from: '2026-03-26', to: '2026-04-01' });
    expect(view.totalKobo).toBe(90_000);
    expect(shares(view)).toEqual([
      ['A', 70_000, 77.8],
      ['B', 20_000, 22.2],
    ]);
    expect(view.series).toEqual({
      unit: 'day',
      points: [
        { key: '2026-03-26', amountKobo: 20_000 },
        { key: '2026-03-27', amountKobo: 0 },
        { key: '2026-03-28', amountKobo: 0 },
        { key: '2026-03-29', amountKobo: 0 },
        { key: '2026-03-30', amountKobo: 0 },
        { key: '2026-03-31', amountKobo: 60_000 },
        { key: '2026-04-01', amountKobo: 10_000 },
      ],
    });
  });

  it('starts This Month on the 1st, across the month edge at midnight', async () => {
    const view = await dashboard(lagos, 'month');
    expect(view.range).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(view.totalKobo).toBe(10_000);
    expect(view.series.points).toEqual([{ key: '2026-04-01', amountKobo: 10_000 }]);
  });

  it('gives This Year the top 3 categories, the distribution and a point per month', async () => {
    const view = await dashboard(lagos, 'year');
    expect(view.range).toEqual({ from: '2026-01-01', to: '2026-04-01' });
    expect(view.totalKobo).toBe(195_000);
    expect(view.count).toBe(5);
    expect(view.topCategories.map((share) => share.name)).toEqual(['C', 'A', 'B']);
    expect(shares(view)).toEqual([
      ['C', 100_000, 51.3],
      ['A', 70_000, 35.9],
      ['B', 20_000, 10.3],
      ['D', 5_000, 2.6],
    ]);
    expect(view.series).toEqual({
      unit: 'month',
      points: [
        { key: '2026-01', amountKobo: 100_000 },
        { key: '2026-02', amountKobo: 0 },
        { key: '2026-03', amountKobo: 85_000 },
        { key: '2026-04', amountKobo: 10_000 },
      ],
    });
    expect(view.recent.map((expense: ExpenseView) => expense.date)).toEqual(['2026-04-01', '2026-03-31', '2026-03-26', '2026-03-25', '2026-01-15']);
  });

  it('depends on APP_TIMEZONE only: the same instant is still 31 March in Los Angeles', async () => {
    const week = await dashboard(losAngeles);
    expect(week.range).toEqual({ from: '2026-03-25', to: '2026-03-31' });
    expect(shares(week)).toEqual([
      ['A', 60_000, 70.6],
      ['B', 20_000, 23.5],
      ['D', 5_000, 5.9],
    ]);
    const month = await dashboard(losAngeles, 'month');
    expect(month.range).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(month.totalKobo).toBe(85_000);
  });

  it('answers zeros and empty lists for a period with nothing in it', async () => {
    const ctx = await createTestContext({}, () => NOW);
    try {
      const admin = await ctx.signedIn('admin');
      const view = (await admin.get('/api/dashboard?period=week')).json() as DashboardView;
      expect(view).toMatchObject({ totalKobo: 0, count: 0, topCategories: [], distribution: [], recent: [] });
      expect(view.series.points).toHaveLength(7);
      expect(view.series.points.every((point) => point.amountKobo === 0)).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it('is the admin’s alone, and refuses an unknown period', async () => {
    const manager = await lagos.ctx.signedIn('manager');
    const user = await lagos.ctx.signedIn('user');
    expect((await manager.get('/api/dashboard')).statusCode).toBe(403);
    expect((await user.get('/api/dashboard')).statusCode).toBe(403);
    expect((await lagos.admin.get('/api/dashboard?period=decade')).statusCode).toBe(400);
  });
});
