import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_TIMEZONE, MESSAGES, dashboardRange, formatNaira, percentOf, type CategoryView, type DashboardPeriod } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf } from './support/browser.ts';
import { expenseApi, lagosDay, type ExpenseApi } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { pathOf, signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let ada: TestUser;
let asAdmin: ExpenseApi;
let asAda: ExpenseApi;
let categories: Record<'food' | 'transport' | 'power' | 'rent', CategoryView>;

/** What was seeded: [category, naira, days from today]. */
type Seed = { category: keyof typeof categories; naira: number; day: number; description: string };
const SEEDS: Seed[] = [
  { category: 'food', naira: 1000, day: 0, description: 'Lunch today' },
  { category: 'transport', naira: 3000, day: -2, description: 'Taxi two days ago' },
  { category: 'power', naira: 500, day: -6, description: 'Power six days ago' },
  { category: 'rent', naira: 250, day: -1, description: 'Rent share yesterday' },
  { category: 'food', naira: 200, day: -3, description: 'Snacks' },
  { category: 'rent', naira: 9000, day: -9, description: 'Rent nine days ago' },
  { category: 'transport', naira: 700, day: -45, description: 'Old taxi' },
];

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  ada = await kobo.createUser('user', { name: 'Ada Obi' });
  asAdmin = await expenseApi(kobo, admin);
  asAda = await expenseApi(kobo, ada);
  categories = {
    food: await asAdmin.addCategory('Food', { color: '#FF6B6B', icon: 'FaUtensils' }),
    transport: await asAdmin.addCategory('Transport', { color: '#45B7D1', icon: 'FaToolbox' }),
    power: await asAdmin.addCategory('Power', { color: '#F7B731', icon: 'FaLightbulb' }),
    rent: await asAdmin.addCategory('Rent', { color: '#5F27CD', icon: 'FaUsers' }),
  };
  for (const seed of SEEDS) {
    await asAda.addExpense({ categoryId: categories[seed.category].id, amount: seed.naira, date: lagosDay(seed.day), description: seed.description });
  }
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

/** The figures the server should show for a period, worked out from the seeds in kobo. */
function expected(period: DashboardPeriod) {
  const range = dashboardRange(period, new Date(), DEFAULT_TIMEZONE);
  const inRange = SEEDS.filter((seed) => lagosDay(seed.day) >= range.from && lagosDay(seed.day) <= range.to);
  const totalKobo = inRange.reduce((sum, seed) => sum + seed.naira * 100, 0);
  const byCategory = new Map<string, number>();
  for (const seed of inRange) byCategory.set(seed.category, (byCategory.get(seed.category) ?? 0) + seed.naira * 100);
  const shares = [...byCategory]
    .map(([key, amountKobo]) => ({ name: categories[key as keyof typeof categories].name, kobo: amountKobo, percent: percentOf(amountKobo, totalKobo) }))
    .toSorted((a, b) => b.kobo - a.kobo);
  return { totalKobo, count: inRange.length, shares };
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await pageSettled(page, 'Expenses Dashboard');
}

describe('the dashboard', () => {
  it('opens on This Week with the four cards and a chart of the last 7 days', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openDashboard(page);
    const period = page.getByRole('radiogroup', { name: 'Period' });
    expect(await period.getByRole('radio', { name: 'This Week' }).isChecked()).toBe(true);

    const week = expected('week');
    await expectText(card(page, 'Total Expenses'), formatNaira(week.totalKobo));
    await expectText(card(page, 'Total Expenses'), `${week.count} expenses`);

    // Top Categories: the top 3 by amount, in order.
    const top = card(page, 'Top Categories').getByRole('listitem');
    await expect.poll(() => top.count()).toBe(3);
    for (const [index, share] of week.shares.slice(0, 3).entries()) {
      await expectText(top.nth(index), share.name);
      await expectText(top.nth(index), formatNaira(share.kobo));
      await expectText(top.nth(index), `${share.percent.toFixed(1)}%`);
    }

    // Item Distribution: a bar per item, in its colour, with its percentage.
    const distribution = card(page, 'Item Distribution');
    for (const share of week.shares) {
      const bar = distribution.getByRole('progressbar', { name: new RegExp(`^${share.name}:`) });
      expect(await bar.getAttribute('aria-valuenow')).toBe(String(share.percent));
      await expectText(distribution, `${share.percent.toFixed(1)}%`);
    }
    const foodBar = distribution.getByRole('progressbar', { name: /^Food:/ });
    expect(await foodBar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(255, 107, 107)');

    // Recent Expenses: the 5 newest recorded in the period.
    const recent = card(page, 'Recent Expenses').getByRole('listitem');
    await expect.poll(() => recent.count()).toBe(5);
    await expectText(recent.first(), 'Snacks');

    // The chart: one bar a day; its figures are also in a table for screen readers.
    const table = page.getByRole('table', { name: 'Spending per Day, This Week' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(7);
    await expectText(table, formatNaira(100_000));
    await page.locator('.recharts-bar-rectangle path').first().waitFor();
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('switches to This Month and This Year, keeping the period in the address', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openDashboard(page);
    const period = page.getByRole('radiogroup', { name: 'Period' });

    await period.getByText('This Month').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('month');
    const month = expected('month');
    await expectText(card(page, 'Total Expenses'), formatNaira(month.totalKobo));
    await expectText(card(page, 'Top Categories').getByRole('listitem').first(), month.shares[0]?.name ?? '');

    await period.getByText('This Year').click();
    const year = expected('year');
    await expectText(card(page, 'Total Expenses'), formatNaira(year.totalKobo));
    // Per month: one bar for each month so far this year.
    const months = Number(lagosDay(0).slice(5, 7));
    await expect.poll(() => page.getByRole('table', { name: 'Spending per Month, This Year' }).locator('tbody tr').count()).toBe(months);

    await page.reload();
    await pageSettled(page, 'Expenses Dashboard');
    expect(await period.getByRole('radio', { name: 'This Year' }).isChecked()).toBe(true);
    await context.close();
  });

  it('updates live when someone else adds or deletes an expense', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openDashboard(page);
    const total = card(page, 'Total Expenses');
    const before = expected('week').totalKobo;
    await expectText(total, formatNaira(before));

    const added = await asAda.addExpense({ categoryId: categories.power.id, amount: '12345.67', description: 'Live generator fuel' });
    await expectText(total, formatNaira(before + 1_234_567));
    await expectText(card(page, 'Recent Expenses').getByRole('listitem').first(), 'Live generator fuel');
    // Power is now the biggest item this week.
    await expectText(card(page, 'Top Categories').getByRole('listitem').first(), 'Power');

    await asAdmin.deleteExpense(added.id);
    await expectText(total, formatNaira(before));
    expect(await card(page, 'Recent Expenses').getByText('Live generator fuel').count()).toBe(0);
    await context.close();
  });

  it('says when a period has nothing in it', async () => {
    const fresh = await startKobo();
    try {
      const lone = await fresh.createUser('admin');
      const { context, page } = await newPage(browser, fresh.baseURL);
      await signInQuickly(page, lone);
      await openDashboard(page);
      await expectText(card(page, 'Total Expenses'), formatNaira(0));
      await expectText(card(page, 'Top Categories'), MESSAGES.noExpensesInPeriod);
      await expectText(card(page, 'Item Distribution'), MESSAGES.noExpensesInPeriod);
      await expectText(card(page, 'Recent Expenses'), MESSAGES.noExpensesInPeriod);
      expect(await card(page, 'Recent Expenses').getByRole('listitem').count()).toBe(0);
      await context.close();
    } finally {
      await fresh.stop();
    }
  });

  it('is the admin’s: a manager and a user are sent to /expenses', async () => {
    for (const role of ['manager', 'user'] as const) {
      const person = await kobo.createUser(role);
      const { context, page } = await newPage(browser, kobo.baseURL);
      await signInQuickly(page, person);
      await page.goto('/dashboard');
      await page.waitForURL('**/expenses');
      expect(pathOf(page)).toBe('/expenses');
      await context.close();
    }
  });
});

describe('how the dashboard looks', () => {
  for (const period of ['week', 'year'] as const) {
    itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
      name: `dashboard-${period}`,
      path: period === 'week' ? '/dashboard' : `/dashboard?period=${period}`,
      user: () => admin,
      prepare: async (page) => {
        await pageSettled(page, 'Expenses Dashboard');
        await page.locator('.recharts-bar-rectangle path').first().waitFor();
      },
    });
  }
});
