import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES, formatNaira, type CategoryView } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf, PHONE } from './support/browser.ts';
import { expenseApi, lagosDay, lagosToday, type ExpenseApi } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { pickByKeyboard } from './support/keyboard.ts';
import { pathOf, signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let manager: TestUser;
let ada: TestUser;
let bisi: TestUser;
let asAdmin: ExpenseApi;
let asAda: ExpenseApi;
let asBisi: ExpenseApi;
let food: CategoryView;
let transport: CategoryView;
let unused: CategoryView;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  manager = await kobo.createUser('manager', { name: 'Musa Manager' });
  ada = await kobo.createUser('user', { name: 'Ada Obi' });
  bisi = await kobo.createUser('user', { name: 'Bisi Ade' });
  asAdmin = await expenseApi(kobo, admin);
  asAda = await expenseApi(kobo, ada);
  asBisi = await expenseApi(kobo, bisi);
  food = await asAdmin.addCategory('Food', { color: '#FF6B6B', icon: 'FaUtensils' });
  transport = await asAdmin.addCategory('Transport', { color: '#45B7D1', icon: 'FaToolbox' });
  unused = await asAdmin.addCategory('Stationery', { color: '#96CEB4', icon: 'FaGraduationCap' });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

const expenseList = (page: Page) => page.getByRole('list', { name: 'Expenses' });
const totalRegion = (page: Page) => page.getByRole('region', { name: 'Total' });

async function openExpenses(page: Page, heading: string, query = '') {
  await page.goto(`/expenses${query}`);
  await pageSettled(page, heading);
}

/** Picks `option` from the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('adding an expense', () => {
  it('checks the required fields, adds it, resets the form and goes to /expenses after 2 s', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openExpenses(page, 'All Expenses');
    await page.getByRole('link', { name: 'Add Expense' }).click();
    await page.waitForURL('**/expenses/create');
    await pageSettled(page, 'Add Expense');

    // SPEC 9: the date defaults to today (in APP_TIMEZONE, Africa/Lagos).
    await expect.poll(() => page.getByLabel('Date').inputValue()).toBe(lagosToday());
    const submit = page.getByRole('button', { name: 'Add Expense' });
    await submit.click();
    await expectText(page.getByRole('alert'), MESSAGES.fillRequiredFields);

    await choose(page, 'Item', 'Food');
    await submit.click();
    await expectText(page.getByRole('alert'), MESSAGES.fillRequiredFields);
    await page.getByLabel('Amount').fill('1250.50');
    await page.getByLabel('Description').fill('Team lunch');
    await submit.click();
    await expectText(page.getByRole('status'), MESSAGES.expenseAdded);
    // The form starts again while the message is read…
    await expect.poll(() => page.getByLabel('Amount').inputValue()).toBe('');
    await expect.poll(() => page.getByLabel('Description').inputValue()).toBe('');
    await expect.poll(() => page.getByLabel('Date').inputValue()).toBe(lagosToday());
    expect(pathOf(page)).toBe('/expenses/create');
    // …then the app goes to the list (after 2 s), where the new expense is today's.
    await page.waitForURL('**/expenses', { timeout: 15_000 });
    await pageSettled(page, 'All Expenses');
    await expectText(expenseList(page), 'Team lunch');
    await expectText(expenseList(page), formatNaira(125_050));
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('can be filled and sent with the keyboard alone, and Cancel goes back', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, ada);
    await page.goto('/expenses/create');
    await pageSettled(page, 'Add Expense');
    const item = page.getByRole('combobox', { name: 'Item' });
    await item.focus();
    await pickByKeyboard(page, item, 'Trans', 'Transport');
    expect(await item.inputValue()).toBe('Transport');
    await page.keyboard.press('Tab');
    await page.keyboard.type('300');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Bus fare, typed');
    await page.getByLabel('Date').focus();
    await page.keyboard.press('Enter');
    await expectText(page.getByRole('status'), MESSAGES.expenseAdded);
    await page.waitForURL('**/expenses', { timeout: 15_000 });
    await expectText(expenseList(page), 'Bus fare, typed');

    await page.goto('/expenses/create');
    await pageSettled(page, 'Add Expense');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL('**/expenses');
    await context.close();
  });
});

describe('the list', () => {
  it('shows a user only their own, as My Expenses, with Edit and no Delete or Created by', async () => {
    const mine = await asBisi.addExpense({ categoryId: food.id, amount: 700, description: 'Bisi snacks' });
    await asAda.addExpense({ categoryId: food.id, amount: 900, description: 'Ada not for Bisi' });
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, bisi);
    await openExpenses(page, 'My Expenses');
    const list = expenseList(page);
    await expectText(list, 'Bisi snacks');
    expect(await list.getByText('Ada not for Bisi').count()).toBe(0);
    expect(await list.getByText('Created by').count()).toBe(0);
    expect(await list.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await expectText(totalRegion(page), formatNaira(70_000));

    // DECISIONS 2: a user edits their own expense on the same form.
    await list.getByRole('link', { name: /^Edit expense/ }).click();
    await page.waitForURL(`**/expenses/${mine.id}/edit`);
    await pageSettled(page, 'Edit Expense');
    await expect.poll(() => page.getByLabel('Amount').inputValue()).toBe('700.00');
    await expect.poll(() => page.getByLabel('Description').inputValue()).toBe('Bisi snacks');
    await page.getByLabel('Amount').fill('725.25');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(page.getByRole('status'), MESSAGES.expenseUpdated);
    await page.waitForURL('**/expenses', { timeout: 15_000 });
    await expectText(expenseList(page), formatNaira(72_525));
    await expectText(totalRegion(page), formatNaira(72_525));
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it("shows an admin everyone's, with 'Created by' on others' and 'Unknown User' when the author is gone", async () => {
    const gone = await kobo.createUser('user', { name: 'Gone Person' });
    const asGone = await expenseApi(kobo, gone);
    await asGone.addExpense({ categoryId: transport.id, amount: 50, description: 'Left behind' });
    await asAdmin.deleteUser(gone.id);
    await asAdmin.addExpense({ categoryId: transport.id, amount: 60, description: 'Admin own fuel' });

    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openExpenses(page, 'All Expenses');
    const list = expenseList(page);
    const card = (text: string) => list.getByRole('listitem').filter({ hasText: text });
    await expectText(card('Ada not for Bisi'), 'Created by Ada Obi');
    await expectText(card('Left behind'), `Created by ${MESSAGES.unknownUser}`);
    expect(await card('Admin own fuel').getByText('Created by').count()).toBe(0);
    await context.close();
  });

  it("shows a manager everyone's with 'Created by', and no Delete (DECISIONS 2)", async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, manager);
    await openExpenses(page, 'All Expenses');
    const list = expenseList(page);
    await expectText(list.getByRole('listitem').filter({ hasText: 'Bisi snacks' }), 'Created by Bisi Ade');
    expect(await list.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await list.getByRole('link', { name: /^Edit expense/ }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('link', { name: 'Add Expense' }).isVisible()).toBe(true);
    await context.close();
  });

  it('filters by time (default Today) and item, totals on the server, and offers Clear Filter', async () => {
    const filterer = await kobo.createUser('user', { name: 'Filter Person' });
    const api = await expenseApi(kobo, filterer);
    await api.addExpense({ categoryId: food.id, amount: 100, description: 'Today food' });
    await api.addExpense({ categoryId: transport.id, amount: 20, description: 'Today taxi' });
    await api.addExpense({ categoryId: food.id, amount: 5, date: lagosDay(-1), description: 'Yesterday food' });
    await api.addExpense({ categoryId: food.id, amount: 1, date: lagosDay(-40), description: 'Old food' });

    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, filterer);
    await openExpenses(page, 'My Expenses');
    await expect.poll(() => page.getByRole('combobox', { name: 'Time' }).inputValue()).toBe('Today');
    await expect.poll(() => page.getByRole('combobox', { name: 'Item' }).inputValue()).toBe('All Items');
    await expectText(totalRegion(page), formatNaira(12_000));
    await expectText(totalRegion(page), '2 expenses');

    await choose(page, 'Time', 'Yesterday');
    await expectText(totalRegion(page), formatNaira(500));
    await expectText(expenseList(page), 'Yesterday food');
    expect(new URL(page.url()).searchParams.get('time')).toBe('yesterday');

    await choose(page, 'Time', 'This Week');
    await expectText(totalRegion(page), formatNaira(12_500));
    await choose(page, 'Time', 'All Time');
    await expectText(totalRegion(page), formatNaira(12_600));
    await choose(page, 'Item', 'Food');
    await expectText(totalRegion(page), formatNaira(10_600));
    await expectText(totalRegion(page), '3 expenses');
    expect(await expenseList(page).getByText('Today taxi').count()).toBe(0);

    // A filter that finds nothing offers Clear Filter, which goes back to All Items.
    await choose(page, 'Item', 'Stationery');
    await expectText(page.getByRole('main'), MESSAGES.noExpensesFound);
    await expectText(totalRegion(page), formatNaira(0));
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'Item' }).inputValue()).toBe('All Items');
    await expectText(totalRegion(page), formatNaira(12_600));
    // The filters are in the address: a reload keeps them.
    await page.reload();
    await pageSettled(page, 'My Expenses');
    await expect.poll(() => page.getByRole('combobox', { name: 'Time' }).inputValue()).toBe('All Time');
    expect(unused.hasExpenses).toBe(false);
    await context.close();
  });

  it('pages a long list 50 at a time, while the total covers them all', async () => {
    const busy = await kobo.createUser('user', { name: 'Busy Person' });
    await (await expenseApi(kobo, busy)).addExpenses(120, { categoryId: food.id, description: 'Paged' });
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, busy);
    await openExpenses(page, 'My Expenses');
    // 1 + 2 + … + 120 naira.
    await expectText(totalRegion(page), formatNaira(726_000));
    await expectText(totalRegion(page), '120 expenses');
    const cards = expenseList(page).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(50);
    await expectText(page.getByRole('main'), 'Showing 50 of 120 expenses');
    // Newest first.
    await expectText(cards.first(), 'Paged 120');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBe(100);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBe(120);
    await expectText(cards.last(), 'Paged 1');
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    await context.close();
  });
});

describe('deleting an expense', () => {
  it("asks the spec's question, deletes for an admin, and the message clears after 3 s", async () => {
    await asAda.addExpense({ categoryId: transport.id, amount: 4321, description: 'To be deleted' });
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openExpenses(page, 'All Expenses');
    const card = expenseList(page).getByRole('listitem').filter({ hasText: 'To be deleted' });
    await card.getByRole('button', { name: /^Delete expense/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete expense' });
    await expectText(dialog, MESSAGES.confirmDeleteExpense);
    // Cancel keeps it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await card.getByRole('button', { name: /^Delete expense/ }).click();
    await page.getByRole('dialog', { name: 'Delete expense' }).getByRole('button', { name: 'Delete' }).click();
    await expectText(page.getByRole('status'), MESSAGES.expenseDeleted);
    await expect.poll(() => card.count()).toBe(0);
    await expect.poll(() => page.getByText(MESSAGES.expenseDeleted).count(), { interval: 250 }).toBe(0);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('staff', () => {
  it('are sent to /staff-savings from every expense screen', async () => {
    const staff = await kobo.createUser('staff');
    const expense = await asAda.addExpense({ categoryId: food.id, amount: 1 });
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, staff);
    for (const path of ['/expenses', '/expenses/create', `/expenses/${expense.id}/edit`]) {
      await page.goto(path);
      await page.waitForURL('**/staff-savings');
      expect(pathOf(page), path).toBe('/staff-savings');
    }
    await context.close();
  });
});

describe('how the expense screens look', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'expenses-admin',
    path: '/expenses?time=all',
    user: () => admin,
    prepare: async (page) => {
      await pageSettled(page, 'All Expenses');
      await expenseList(page).getByRole('listitem').first().waitFor();
    },
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'expenses-create',
    path: '/expenses/create',
    user: () => bisi,
    prepare: async (page) => {
      await pageSettled(page, 'Add Expense');
      await page.getByRole('button', { name: 'Add Expense' }).click();
      await page.getByRole('alert').waitFor();
    },
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'expenses-empty',
    path: () => `/expenses?category=${unused.id}`,
    user: () => bisi,
    prepare: (page) => page.getByRole('button', { name: 'Clear Filter' }).waitFor(),
  });
});
