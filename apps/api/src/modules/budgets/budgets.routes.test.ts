import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES, type BudgetView, type BudgetWarning } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { insertCategory, insertExpense } from '../expenses/expense-fixtures.ts';

// 23:30 on 31 March in Lagos (UTC+1): the last hour of the month there.
const NOW = new Date('2026-03-31T22:30:00Z');
let ctx: TestContext;
let admin: SignedInClient;
let manager: SignedInClient;
let user: SignedInClient;
let staff: SignedInClient;
beforeAll(async () => {
  ctx = await createTestContext({ APP_TIMEZONE: 'Africa/Lagos' }, () => NOW);
  admin = await ctx.signedIn('admin');
  manager = await ctx.signedIn('manager');
  user = await ctx.signedIn('user');
  staff = await ctx.signedIn('staff');
});
afterAll(async () => ctx?.close());

const db = () => ctx.app.kobo.database.db;
const budgetCount = async () => Number((await queryRows<{ n: string }>(db(), sql`select count(*)::text as n from category_budgets`))[0]?.n);

describe('setting, listing and removing budgets', () => {
  it('lets an admin and a manager set, replace and remove an item’s budget', async () => {
    const stationery = await insertCategory(db(), 'Stationery');
    const set = await admin.request('PUT', `/api/budgets/${stationery}`, { period: 'month', amount: '1,500.50' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      message: MESSAGES.budgetSaved,
      budget: {
        categoryId: stationery,
        name: 'Stationery',
        color: '#4ECDC4',
        period: 'month',
        amountKobo: 150_050,
        range: { from: '2026-03-01', to: '2026-03-31' },
        spentKobo: 0,
        percent: 0,
        level: null,
      },
    });
    const replaced = await manager.request('PUT', `/api/budgets/${stationery.toUpperCase()}`, { period: 'year', amount: 20000 });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().budget).toMatchObject({ period: 'year', amountKobo: 2_000_000, range: { from: '2026-01-01', to: '2026-12-31' } });
    const listed = (await manager.get('/api/budgets')).json().budgets as BudgetView[];
    expect(listed.filter((budget) => budget.categoryId === stationery).map((budget) => [budget.name, budget.period, budget.amountKobo])).toEqual([
      ['Stationery', 'year', 2_000_000],
    ]);
    const removed = await manager.request('DELETE', `/api/budgets/${stationery}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: MESSAGES.budgetRemoved });
    expect((await admin.request('DELETE', `/api/budgets/${stationery}`)).statusCode).toBe(404);
  });

  it('records who set, changed and removed a budget, with the values before and after, and nothing for an unchanged save', async () => {
    const fuel = await insertCategory(db(), 'Fuel for audit');
    const entries = async () =>
      ((await admin.get('/api/audit?limit=100')).json().entries as { kind: string; actor: { name: string }; target: { label: string }; before: unknown; after: unknown }[])
        .filter((entry) => entry.target.label === 'Fuel for audit')
        .map((entry) => [entry.kind, entry.actor.name, entry.before, entry.after]);
    await admin.request('PUT', `/api/budgets/${fuel}`, { period: 'month', amount: '40,000' });
    await manager.request('PUT', `/api/budgets/${fuel}`, { period: 'month', amount: '40,000.00' });
    await manager.request('PUT', `/api/budgets/${fuel}`, { period: 'year', amount: '500,000' });
    await admin.request('DELETE', `/api/budgets/${fuel}`);
    const adminName = (await admin.get('/api/auth/session')).json().user.name as string;
    const managerName = (await manager.get('/api/auth/session')).json().user.name as string;
    expect(await entries()).toEqual([
      ['budget.removed', adminName, { period: 'year', amountKobo: 50_000_000 }, null],
      ['budget.set', managerName, { period: 'month', amountKobo: 4_000_000 }, { period: 'year', amountKobo: 50_000_000 }],
      ['budget.set', adminName, null, { period: 'month', amountKobo: 4_000_000 }],
    ]);
  });

  it('refuses regular users and staff, and visitors, before reading anything', async () => {
    const item = await insertCategory(db());
    const before = await budgetCount();
    for (const client of [user, staff]) {
      expect((await client.get('/api/budgets')).statusCode).toBe(403);
      expect((await client.request('PUT', `/api/budgets/${item}`, { period: 'month', amount: '100' })).statusCode).toBe(403);
      expect((await client.request('DELETE', `/api/budgets/${item}`)).statusCode).toBe(403);
    }
    expect((await ctx.client().get('/api/budgets')).statusCode).toBe(401);
    expect(await budgetCount()).toBe(before);
  });

  it.each([
    ['no period', { amount: '100' }, 'period', MESSAGES.budgetPeriodRequired],
    ['a weekly period', { period: 'week', amount: '100' }, 'period', MESSAGES.budgetPeriodRequired],
    ['no amount', { period: 'month' }, 'amount', MESSAGES.invalidBudgetAmount],
    ['zero', { period: 'month', amount: '0' }, 'amount', MESSAGES.invalidBudgetAmount],
    ['a negative amount', { period: 'month', amount: '-5' }, 'amount', MESSAGES.invalidBudgetAmount],
    ['three decimals', { period: 'month', amount: '1.005' }, 'amount', MESSAGES.invalidBudgetAmount],
    ['words', { period: 'month', amount: 'lots' }, 'amount', MESSAGES.invalidBudgetAmount],
    ['an array', { period: 'month', amount: ['100'] }, 'amount', MESSAGES.invalidBudgetAmount],
    ['past the cap', { period: 'month', amount: '1000000000000.01' }, 'amount', MESSAGES.expenseAmountTooLarge],
    ['a huge string', { period: 'month', amount: '9'.repeat(100_000) }, 'amount', MESSAGES.invalidBudgetAmount],
  ])('refuses %s with a 400 on the field and writes nothing', async (_label, body, field, message) => {
    const item = await insertCategory(db());
    const response = await admin.request('PUT', `/api/budgets/${item}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(JSON.stringify(response.json())).toContain(field);
    expect(await queryRows(db(), sql`select 1 from category_budgets where category_id = ${item}`)).toEqual([]);
  });

  it('refuses NUL and lone surrogates at the door, and unknown or malformed items as not found', async () => {
    const item = await insertCategory(db());
    expect((await admin.request('PUT', `/api/budgets/${item}`, { period: 'month\u0000', amount: '1' })).statusCode).toBe(400);
    expect((await admin.request('PUT', `/api/budgets/${item}`, { period: 'month', amount: '1\uD800' })).statusCode).toBe(400);
    expect((await admin.request('PUT', '/api/budgets/00000000-0000-4000-8000-000000000000', { period: 'month', amount: '1' })).statusCode).toBe(404);
    expect((await admin.request('PUT', '/api/budgets/not-a-uuid', { period: 'month', amount: '1' })).statusCode).toBe(404);
    // An over-long path segment is refused by the server's parameter limit.
    expect((await admin.request('PUT', `/api/budgets/${'x'.repeat(101)}`, { period: 'month', amount: '1' })).statusCode).toBe(414);
    expect(await queryRows(db(), sql`select 1 from category_budgets where category_id = ${item}`)).toEqual([]);
  });

  it('goes when its item is deleted', async () => {
    const item = await insertCategory(db(), 'Short-lived');
    await admin.request('PUT', `/api/budgets/${item}`, { period: 'month', amount: '10' });
    expect((await admin.request('DELETE', `/api/categories/${item}`)).statusCode).toBe(204);
    expect(await queryRows(db(), sql`select 1 from category_budgets where category_id = ${item}`)).toEqual([]);
  });
});

describe('spent against budget, by calendar period in Africa/Lagos', () => {
  it('counts the whole month, last day included, and not the 1st of the next', async () => {
    const fuel = await insertCategory(db(), 'Fuel (month)');
    for (const [spentOn, amountKobo] of [
      ['2026-02-28', 1],
      ['2026-03-01', 10],
      ['2026-03-31', 100],
      ['2026-04-01', 1_000],
    ] as const) {
      await insertExpense(db(), { categoryId: fuel, userId: user.userId, amountKobo, spentOn });
    }
    await admin.request('PUT', `/api/budgets/${fuel}`, { period: 'month', amount: '1.00' });
    const budget = ((await admin.get('/api/budgets')).json().budgets as BudgetView[]).find((one) => one.categoryId === fuel);
    expect(budget).toMatchObject({ range: { from: '2026-03-01', to: '2026-03-31' }, spentKobo: 110, percent: 110, level: '100' });
  });

  it('counts the whole calendar year for a yearly budget', async () => {
    const rent = await insertCategory(db(), 'Rent (year)');
    for (const [spentOn, amountKobo] of [
      ['2025-12-31', 1],
      ['2026-01-01', 10],
      ['2026-12-31', 100],
      ['2027-01-01', 1_000],
    ] as const) {
      await insertExpense(db(), { categoryId: rent, userId: user.userId, amountKobo, spentOn });
    }
    await admin.request('PUT', `/api/budgets/${rent}`, { period: 'year', amount: '1.50' });
    const budget = ((await admin.get('/api/budgets')).json().budgets as BudgetView[]).find((one) => one.categoryId === rent);
    expect(budget).toMatchObject({ range: { from: '2026-01-01', to: '2026-12-31' }, spentKobo: 110, amountKobo: 150, percent: 73.3, level: null });
  });
});

async function add(client: SignedInClient, categoryId: string, amount: string, date = '2026-03-31') {
  const response = await client.post('/api/expenses', { categoryId, amount, date, description: 'Diesel' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { budget: BudgetWarning | null; message: string };
}

describe('the budget warning on saving an expense', () => {
  it('warns once when this expense crosses 80%, once when it crosses 100%, and not in between', async () => {
    const diesel = await insertCategory(db(), 'Diesel');
    await manager.request('PUT', `/api/budgets/${diesel}`, { period: 'month', amount: '1,000' });
    expect((await add(user, diesel, '700')).budget).toBeNull();
    const nearly = await add(user, diesel, '100');
    expect(nearly.message).toBe(MESSAGES.expenseAdded);
    expect(nearly.budget).toEqual({
      categoryId: diesel,
      category: 'Diesel',
      period: 'month',
      range: { from: '2026-03-01', to: '2026-03-31' },
      spentKobo: 80_000,
      budgetKobo: 100_000,
      percent: 80,
      level: '80',
    });
    expect((await add(admin, diesel, '50')).budget).toBeNull();
    expect((await add(manager, diesel, '150')).budget).toMatchObject({ level: '100', spentKobo: 100_000, percent: 100 });
    expect((await add(user, diesel, '10')).budget).toBeNull();
  });

  it('measures the month the expense is dated in, not today’s', async () => {
    const diesel = await insertCategory(db(), 'Diesel (February)');
    await admin.request('PUT', `/api/budgets/${diesel}`, { period: 'month', amount: '100' });
    await insertExpense(db(), { categoryId: diesel, userId: user.userId, amountKobo: 9_000, spentOn: '2026-03-15' });
    expect((await add(user, diesel, '85', '2026-02-28')).budget).toMatchObject({ level: '80', range: { from: '2026-02-01', to: '2026-02-28' }, spentKobo: 8_500 });
    expect((await add(user, diesel, '5', '2026-04-01')).budget).toBeNull();
  });

  it('says nothing for an item without a budget, or an expense of zero', async () => {
    const item = await insertCategory(db());
    expect((await add(user, item, '1000000')).budget).toBeNull();
    const budgeted = await insertCategory(db());
    await admin.request('PUT', `/api/budgets/${budgeted}`, { period: 'month', amount: '1' });
    expect((await add(user, budgeted, '0')).budget).toBeNull();
  });

  it('warns on an edit that crosses, counting what the expense held before, and not on one that lowers', async () => {
    const gas = await insertCategory(db(), 'Gas');
    await admin.request('PUT', `/api/budgets/${gas}`, { period: 'month', amount: '1,000' });
    const saved = await user.post('/api/expenses', { categoryId: gas, amount: '500', date: '2026-03-10' });
    const id = saved.json().expense.id as string;
    const raised = await user.request('PUT', `/api/expenses/${id}`, { categoryId: gas, amount: '900', date: '2026-03-10' });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ message: MESSAGES.expenseUpdated, budget: { level: '80', spentKobo: 90_000, percent: 90 } });
    const again = await user.request('PUT', `/api/expenses/${id}`, { categoryId: gas, amount: '950', date: '2026-03-10', description: 'typo fixed' });
    expect(again.json().budget).toBeNull();
    const lowered = await user.request('PUT', `/api/expenses/${id}`, { categoryId: gas, amount: '100', date: '2026-03-10' });
    expect(lowered.json().budget).toBeNull();
    // Moved from another month into this one: the whole amount is new to March.
    const moved = await user.post('/api/expenses', { categoryId: gas, amount: '850', date: '2026-02-10' });
    const movedId = moved.json().expense.id as string;
    const intoMarch = await user.request('PUT', `/api/expenses/${movedId}`, { categoryId: gas, amount: '850', date: '2026-03-11' });
    expect(intoMarch.json().budget).toMatchObject({ level: '80', spentKobo: 95_000 });
  });

  it('refuses a bad expense as before, with no warning and nothing written', async () => {
    const item = await insertCategory(db());
    await admin.request('PUT', `/api/budgets/${item}`, { period: 'month', amount: '1' });
    const response = await user.post('/api/expenses', { categoryId: item, amount: '-1', date: '2026-03-31' });
    expect(response.statusCode).toBe(400);
    expect(await queryRows(db(), sql`select 1 from expenses where category_id = ${item}`)).toEqual([]);
  });
});
