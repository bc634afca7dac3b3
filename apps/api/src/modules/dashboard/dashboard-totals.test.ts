import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardView } from '@kobo/core';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { addCategory } from '../expenses/expense-fixtures.ts';
import { queryRows } from '../../db/client.ts';
import { sql } from 'drizzle-orm';

/**
 * The dashboard for everyone's expenses reads the item-and-day totals the expenses' triggers keep
 * (migration 0016), which must follow expenses recorded, edited (amount, item, day) and deleted.
 * The test app's close()
 * also runs the ledger check, whose seventh invariant compares those totals with the expenses.
 */
const NOW = new Date('2026-11-26T10:00:00Z');

let ctx: TestContext;
let admin: SignedInClient;
let user: SignedInClient;
let fuel: string;
let stationery: string;
beforeAll(async () => {
  ctx = await createTestContext({}, () => NOW);
  admin = await ctx.signedIn('admin');
  user = await ctx.signedIn('user');
  fuel = await addCategory(admin, 'Fuel');
  stationery = await addCategory(admin, 'Stationery');
});
afterAll(async () => ctx?.close());

async function record(client: SignedInClient, categoryId: string, amount: string, date: string): Promise<string> {
  const response = await client.post('/api/expenses', { categoryId, amount, date });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().expense.id;
}

async function dashboardOf(client: SignedInClient): Promise<DashboardView> {
  const response = await client.get('/api/dashboard?period=month');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function cells(): Promise<string | undefined> {
  const [row] = await queryRows<{ n: string }>(ctx.app.kobo.database.db, sql`select count(*)::text as n from expense_day_totals`);
  return row?.n;
}

const byItem = (view: DashboardView) => view.distribution.map((share) => [share.name, share.amountKobo, share.count]);

describe('the dashboard read from the kept totals', () => {
  it('follows records, edits of amount, item and day, and deletions, to the kobo and the count', async () => {
    const diesel = await record(user, fuel, '2,500.00', '2026-11-20');
    const pens = await record(user, stationery, '300.00', '2026-11-20');
    await record(admin, fuel, '1,000.00', '2026-11-21');
    const paper = await record(user, stationery, '450.00', '2026-11-22');

    // Diesel was ₦2,000, on the 19th; pens were fuel; the paper is deleted.
    expect((await user.request('PUT', `/api/expenses/${diesel}`, { categoryId: fuel, amount: '2,000.00', date: '2026-11-19' })).statusCode).toBe(200);
    expect((await user.request('PUT', `/api/expenses/${pens}`, { categoryId: fuel, amount: '300.00', date: '2026-11-20' })).statusCode).toBe(200);
    expect((await admin.request('DELETE', `/api/expenses/${paper}`)).statusCode).toBe(200);

    const everyone = await dashboardOf(admin);
    expect(everyone.totalKobo).toBe(330_000);
    expect(everyone.count).toBe(3);
    expect(byItem(everyone)).toEqual([['Fuel', 330_000, 3]]);
    const days = Object.fromEntries(everyone.series.points.filter((point) => point.amountKobo !== 0).map((point) => [point.key, point.amountKobo]));
    expect(days).toEqual({ '2026-11-19': 200_000, '2026-11-20': 30_000, '2026-11-21': 100_000 });
  });

  it('writes nothing to the totals when an edit changes neither amount, item nor day', async () => {
    const id = await record(user, stationery, '75.00', '2026-11-24');
    const before = await cells();
    const edited = await user.request('PUT', `/api/expenses/${id}`, { categoryId: stationery, amount: '75.00', date: '2026-11-24', description: 'Staples' });
    expect(edited.statusCode).toBe(200);
    expect(await cells()).toBe(before);
  });
});
