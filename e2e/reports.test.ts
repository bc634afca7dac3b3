import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES, averagePerDay, formatNaira, type CategoryView } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf, PHONE } from './support/browser.ts';
import { expenseApi, lagosDay, type ExpenseApi } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectBeside, expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { pathOf, signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let asAdmin: ExpenseApi;
let food: CategoryView;
let water: CategoryView;
let fuel: CategoryView;

// Ten days, from 20 to 11 days ago: clear of today, so the report does not depend on the hour.
const FROM = lagosDay(-20);
const TO = lagosDay(-11);

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  asAdmin = await expenseApi(kobo, admin);
  food = await asAdmin.addCategory('Food', { color: '#FF6B6B', icon: 'FaUtensils' });
  water = await asAdmin.addCategory('Water', { color: '#45B7D1', icon: 'FaTint' });
  fuel = await asAdmin.addCategory('Fuel', { color: '#F7B731', icon: 'FaToolbox' });
  const ada = await kobo.createUser('user', { name: 'Ada Obi' });
  const asAda = await expenseApi(kobo, ada);
  // 1 : 1 : 1 by amount, so the breakdown is 33.3% each (rounded once, to one decimal).
  await asAda.addExpense({ categoryId: food.id, amount: 100, date: lagosDay(-20), description: 'First day' });
  await asAda.addExpense({ categoryId: water.id, amount: 100, date: lagosDay(-15), description: 'Water delivery' });
  await asAdmin.addExpense({ categoryId: fuel.id, amount: 100.01, date: lagosDay(-11), description: 'Last day' });
  // Outside the range on both sides.
  await asAda.addExpense({ categoryId: food.id, amount: 5000, date: lagosDay(-21), description: 'Day before' });
  await asAda.addExpense({ categoryId: food.id, amount: 7000, date: lagosDay(-10), description: 'Day after' });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

const periodForm = (page: Page) => page.getByRole('region', { name: 'Report period' });

async function generate(page: Page, from: string, to: string) {
  const form = periodForm(page);
  await form.getByLabel('Start Date').fill(from);
  await form.getByLabel('End Date').fill(to);
  await form.getByRole('button', { name: 'Generate Report' }).click();
}

describe('the report', () => {
  it("checks the dates with the spec's sentences and shows nothing until Generate Report", async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, admin);
    await page.goto('/reports');
    await pageSettled(page, 'Reports');
    expect(await page.getByRole('region', { name: 'Total Expenses' }).count()).toBe(0);

    const form = periodForm(page);
    await form.getByRole('button', { name: 'Generate Report' }).click();
    await expectText(form.getByRole('alert'), MESSAGES.selectBothDates);
    await form.getByLabel('Start Date').fill(FROM);
    await form.getByRole('button', { name: 'Generate Report' }).click();
    await expectText(form.getByRole('alert'), MESSAGES.selectBothDates);
    await generate(page, TO, FROM);
    // One field is wrong: its sentence stands beside it, with no banner to repeat it (decision 060).
    await expectBeside(form.getByLabel('End Date'), MESSAGES.endBeforeStart);
    expect(await page.getByRole('region', { name: 'Total Expenses' }).count()).toBe(0);
    await context.close();
  });

  it('totals the inclusive range, averages over its days, breaks it down by item and lists the rows', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/reports');
    await pageSettled(page, 'Reports');
    await generate(page, FROM, TO);

    const total = page.getByRole('region', { name: 'Total Expenses' });
    await expectText(total, formatNaira(30_001));
    await expectText(total, '3 expenses');
    const average = page.getByRole('region', { name: 'Average Daily Expenses' });
    // 10 days, both ends included.
    await expectText(average, formatNaira(averagePerDay(30_001, 10)));
    await expectText(average, 'Over 10 days');
    expect(formatNaira(averagePerDay(30_001, 10))).toBe('₦30.00');

    const breakdown = page.getByRole('region', { name: 'Item Breakdown' }).getByRole('listitem');
    await expect.poll(() => breakdown.count()).toBe(3);
    await expectText(breakdown.first(), 'Fuel');
    await expectText(breakdown.first(), '33.3%');
    await expectText(breakdown.nth(1), '33.3%');

    const table = page.getByRole('table');
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Date', 'Item', 'Amount']);
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    // Newest day first.
    await expectText(rows.first(), 'Fuel');
    await expectText(rows.first(), formatNaira(10_001));
    await expectText(rows.last(), 'First day');
    expect(await table.getByText('Day before').count()).toBe(0);
    expect(await table.getByText('Day after').count()).toBe(0);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('pages a long table 50 rows at a time, and follows a new expense live', async () => {
    const busy = await kobo.createUser('user', { name: 'Busy Person' });
    await (await expenseApi(kobo, busy)).addExpenses(60, { categoryId: water.id, date: lagosDay(-30), description: 'Bulk' });
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/reports');
    await pageSettled(page, 'Reports');
    await generate(page, lagosDay(-30), lagosDay(-30));
    const total = page.getByRole('region', { name: 'Total Expenses' });
    // 1 + 2 + … + 60 naira.
    await expectText(total, formatNaira(183_000));
    await expectText(page.getByRole('region', { name: 'Average Daily Expenses' }), 'Over 1 day');
    const rows = page.getByRole('table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(50);
    await expectText(page.getByRole('main'), 'Showing 50 of 60');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBe(60);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    await asAdmin.addExpense({ categoryId: fuel.id, amount: 17, date: lagosDay(-30), description: 'Late addition' });
    await expectText(total, formatNaira(184_700));
    await expectText(page.getByRole('table'), 'Late addition');
    await context.close();
  });

  it('is the admin’s: a manager is sent to /expenses', async () => {
    const manager = await kobo.createUser('manager');
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, manager);
    await page.goto('/reports');
    await page.waitForURL('**/expenses');
    expect(pathOf(page)).toBe('/expenses');
    await context.close();
  });
});

describe('how the report looks', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'reports',
    path: '/reports',
    user: () => admin,
    prepare: async (page) => {
      await pageSettled(page, 'Reports');
      await generate(page, FROM, TO);
      await page.getByRole('table').locator('tbody tr').first().waitFor();
      await pageSettled(page, 'Reports');
    },
  });
});
