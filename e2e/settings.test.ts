import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES, type CategoryView } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf, PHONE } from './support/browser.ts';
import { expenseApi, lagosDay, lagosToday, type ExpenseApi } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { besideField, expectBeside, expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { pathOf, signInQuickly, signInWithForm } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let manager: TestUser;
let asAdmin: ExpenseApi;
let food: CategoryView;
const downloads = mkdtempSync(join(tmpdir(), 'kobo-export-'));

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  manager = await kobo.createUser('manager', { name: 'Musa Manager' });
  asAdmin = await expenseApi(kobo, admin);
  food = await asAdmin.addCategory('Food', { color: '#FF6B6B', icon: 'FaUtensils' });
  await asAdmin.addExpense({ categoryId: food.id, amount: 1500, description: 'Keeps Food in use' });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
  rmSync(downloads, { recursive: true, force: true });
});

const section = (page: Page, name: string) => page.getByRole('region', { name });
const items = (page: Page) => section(page, 'Categories').getByRole('list', { name: 'Items' });
const item = (page: Page, name: string) => items(page).getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

async function addItem(page: Page, name: string) {
  const categories = section(page, 'Categories');
  await categories.getByLabel('Item name').fill(name);
  await categories.getByRole('button', { name: 'Add Item' }).click();
}

describe('Settings for an admin', () => {
  it('lists its subjects, each page holding the spec’s sections in order, with dark mode still working', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/settings');
    await pageSettled(page, 'Settings');
    // Issue 34: an index of subjects, each on its own page (docs/decisions/059-one-settings-page-per-subject.md).
    const subjects = page.getByRole('navigation', { name: 'Settings subjects' }).locator('.mantine-NavLink-label');
    expect(await subjects.allTextContents()).toEqual(['Appearance', 'Categories', 'Budgets', 'Data Management', 'Receipts', 'Mail', 'Savings approvals', 'Savings products', 'Payroll', 'Books', 'Year end', 'Exits', 'Sign-up', 'API tokens', 'Backups', 'Account']);
    const sectionsOf = async (address: string, title: string) => {
      await page.goto(address);
      await pageSettled(page, title);
      return page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    };
    expect(await sectionsOf('/settings/appearance', 'Appearance')).toEqual(['Appearance']);
    expect(await sectionsOf('/settings/categories', 'Categories')).toEqual(['Categories']);
    // Issue 14: category budgets (docs/decisions/034-budgets-and-report-export.md).
    expect(await sectionsOf('/settings/budgets', 'Budgets')).toEqual(['Budgets']);
    expect(await sectionsOf('/settings/data', 'Data Management')).toEqual(['Data Management']);
    // Issue 14: "receipt required above" (docs/decisions/033-receipts.md).
    expect(await sectionsOf('/settings/receipts', 'Receipts')).toEqual(['Receipts']);
    expect(await sectionsOf('/settings/mail', 'Mail')).toEqual(['Outgoing mail']);
    expect(await sectionsOf('/settings/approvals', 'Savings approvals')).toEqual(['Savings approvals']);
    // Issue 29: share capital, target savings and fixed deposits beside ordinary savings (docs/decisions/046-savings-products.md).
    expect(await sectionsOf('/settings/savings-products', 'Savings products')).toEqual(['Savings products']);
    // Issue 30: the scheme's payroll deductions and the layouts the advice goes out in.
    expect(await sectionsOf('/settings/payroll', 'Payroll')).toEqual(['Payroll', 'Payroll layouts']);
    // Issue 26: no posting valued before it (docs/decisions/039-statements-never-below-zero.md); issue 27: each
    // book's chart of accounts and where postings go (docs/decisions/042-one-ledger.md).
    expect(await sectionsOf('/settings/books', 'Books')).toEqual(["Books' start date", 'Books']);
    // Issue 31: the financial year's first month, the least reserve and withholding tax (docs/decisions/049-year-end-run.md).
    expect(await sectionsOf('/settings/year-end', 'Year end')).toEqual(['Year end']);
    // Issue 32: the notice period, the exit fee and pro rata interest when a member leaves (docs/decisions/051-member-exit.md).
    expect(await sectionsOf('/settings/exits', 'Exits')).toEqual(['Exits']);
    expect(await sectionsOf('/settings/sign-up', 'Sign-up')).toEqual(['Sign-up']);
    expect(await sectionsOf('/settings/api-tokens', 'API tokens')).toEqual(['API tokens']);
    expect(await sectionsOf('/settings/backups', 'Backups')).toEqual(['Backups']);
    expect(await sectionsOf('/settings/account', 'Account')).toEqual(['Account', 'Danger Zone']);
    await page.goto('/settings/appearance');
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('darkMode'))).toBe('dark');
    await context.close();
    // Sixteen pages opened afresh: a busy 2-core machine takes more than the default minute.
  }, 180_000);
});

describe("Books' start date", () => {
  it('shows the day, refuses a day in the future beside the field, and saves another', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    const errors = pageErrorsOf(page);
    await signInQuickly(page, admin);
    await page.goto('/settings/books');
    await pageSettled(page, 'Books');
    const books = section(page, "Books' start date");
    const field = books.getByLabel("Books' start date");
    // The test server's books start on 1 Jan 2000 (e2e/support/kobo-server.ts).
    await expect.poll(() => field.inputValue()).toBe('2000-01-01');
    expect(await besideField(field)).toContain('No deposit, withdrawal, transfer, reversal or monthly run may be valued before this day.');

    await field.fill(lagosDay(1));
    await books.getByRole('button', { name: "Save books' start date" }).click();
    await expectBeside(field, 'The value date cannot be in the future');

    await field.fill('2020-01-01');
    await books.getByRole('button', { name: "Save books' start date" }).click();
    await expectText(books, "Books' start date saved");
    await page.reload();
    await pageSettled(page, 'Books');
    await expect.poll(() => section(page, "Books' start date").getByLabel("Books' start date").inputValue()).toBe('2020-01-01');
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('Categories', () => {
  it("adds an item with the default colour and icon, and gives the spec's messages", async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/settings/categories');
    await pageSettled(page, 'Categories');
    const categories = section(page, 'Categories');
    // SPEC 9: colour #4ECDC4 and the question-mark icon unless chosen otherwise.
    await expect.poll(() => categories.getByLabel('Colour', { exact: true }).inputValue()).toBe('#4ECDC4');
    expect(await categories.getByRole('radio', { name: 'Question mark' }).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => categories.getByRole('radiogroup', { name: 'Icon' }).getByRole('radio').count()).toBe(13);

    // Issue 34: the one field's sentence beside it, no banner.
    await categories.getByRole('button', { name: 'Add Item' }).click();
    await expectBeside(categories.getByLabel('Item name'), MESSAGES.itemNameRequired);
    expect(await categories.getByRole('alert').count()).toBe(0);
    await addItem(page, 'Fuel');
    await expectText(categories.getByRole('status'), MESSAGES.itemAdded);
    await expectText(item(page, 'Fuel'), '#4ECDC4');
    await expect.poll(() => categories.getByLabel('Item name').inputValue()).toBe('');

    // Duplicates, case-insensitively, caught before asking the server.
    await addItem(page, '  fUEL ');
    await expectBeside(categories.getByLabel('Item name'), MESSAGES.itemNameExists);

    // The server decides when the list has not heard of the other item yet (live updates cut off).
    await page.route('**/api/events', (route) => route.abort());
    await page.reload();
    await pageSettled(page, 'Categories');
    await asAdmin.addCategory('Diesel');
    await addItem(page, 'DIESEL');
    await expectBeside(categories.getByLabel('Item name'), MESSAGES.itemNameExists);
    expect(unexpectedErrors(pageErrorsOf(page)).filter((text) => !text.includes('EventSource'))).toEqual([]);
    await context.close();
  });

  it('chooses the colour and the icon by keyboard', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/settings/categories');
    await pageSettled(page, 'Categories');
    const categories = section(page, 'Categories');
    await categories.getByLabel('Item name').fill('School fees');
    await categories.getByLabel('Colour', { exact: true }).fill('#5F27CD');
    // One tab stop for the icons: the chosen one; the arrow keys move the choice.
    await categories.getByRole('radio', { name: 'Question mark' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await categories.getByRole('radio', { name: 'Graduation cap' }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectText(categories.getByRole('status'), MESSAGES.itemAdded);
    await expectText(item(page, 'School fees'), '#5F27CD');
    await context.close();
  });

  it('searches by name and sorts by name or newest first', async () => {
    await asAdmin.addCategory('Airtime');
    await asAdmin.addCategory('Zobo drinks');
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, admin);
    await page.goto('/settings/categories');
    await pageSettled(page, 'Categories');
    const categories = section(page, 'Categories');
    const listed = async () => (await items(page).getByRole('listitem').allTextContents()).map((text) => text.split('#')[0]?.trim());
    await expect.poll(async () => (await listed())[0]).toBe('Airtime');

    await categories.getByText('Newest first').click();
    await expect.poll(async () => (await listed())[0]).toBe('Zobo drinks');
    await categories.getByText('Name', { exact: true }).click();
    await expect.poll(async () => (await listed())[0]).toBe('Airtime');

    await categories.getByLabel('Search items').fill('ZOB');
    await expect.poll(listed).toEqual(['Zobo drinks']);
    await categories.getByLabel('Search items').fill('nothing like it');
    await expectText(categories, MESSAGES.noItemsFound);
    await context.close();
  });

  it("asks before deleting, deletes an unused item, and refuses one in use with the spec's sentence", async () => {
    await asAdmin.addCategory('Old item');
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/settings/categories');
    await pageSettled(page, 'Categories');
    const categories = section(page, 'Categories');

    await item(page, 'Old item').getByRole('button', { name: 'Delete Old item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete item' });
    await expectText(dialog, MESSAGES.confirmDeleteItem);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectText(categories.getByRole('status'), MESSAGES.itemDeleted);
    await expect.poll(() => item(page, 'Old item').count()).toBe(0);

    await item(page, 'Food').getByRole('button', { name: 'Delete Food' }).click();
    await expectText(categories.getByRole('alert'), MESSAGES.categoryInUse);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('refuses an item that came into use after the list was read, with the server’s sentence', async () => {
    const late = await asAdmin.addCategory('Late use');
    const { context, page } = await newPage(browser, kobo.baseURL);
    await page.route('**/api/events', (route) => route.abort());
    await signInQuickly(page, admin);
    await page.goto('/settings/categories');
    await pageSettled(page, 'Categories');
    await expectText(items(page), 'Late use');
    await asAdmin.addExpense({ categoryId: late.id, amount: 1 });
    await item(page, 'Late use').getByRole('button', { name: 'Delete Late use' }).click();
    await page.getByRole('dialog', { name: 'Delete item' }).getByRole('button', { name: 'Delete' }).click();
    await expectText(section(page, 'Categories').getByRole('alert'), MESSAGES.categoryInUse);
    await expectText(item(page, 'Late use'), 'In use');
    expect(await item(page, 'Late use').count()).toBe(1);
    await context.close();
  });

  it('updates live when someone else adds or deletes an item', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, manager);
    await page.goto('/user-settings');
    await pageSettled(page, 'User Settings');
    await items(page).getByRole('listitem').first().waitFor();
    const added = await asAdmin.addCategory('Live item');
    await expectText(items(page), 'Live item');
    await asAdmin.deleteCategory(added.id);
    await expect.poll(() => item(page, 'Live item').count()).toBe(0);
    await context.close();
  });
});

describe('User Settings', () => {
  it('gives a manager the Categories section, and a user dark mode, their email notifications and log out', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, manager);
    await page.goto('/user-settings');
    await pageSettled(page, 'User Settings');
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Appearance', 'Categories', 'Budgets', 'Account']);
    await addItem(page, 'Manager item');
    await expectText(section(page, 'Categories').getByRole('status'), MESSAGES.itemAdded);
    await context.close();

    const user = await kobo.createUser('user');
    const second = await newPage(browser, kobo.baseURL);
    await signInQuickly(second.page, user);
    await second.page.goto('/user-settings');
    await pageSettled(second.page, 'User Settings');
    expect(await second.page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Appearance', 'Email notifications', 'Account']);
    await second.context.close();
  });

  it('logs out from the Account section to /login', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, manager);
    await page.goto('/user-settings');
    await pageSettled(page, 'User Settings');
    await section(page, 'Account').getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    await page.goto('/user-settings');
    await page.waitForURL('**/login');
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });
});

describe('Data Management → Export to Excel', () => {
  it('downloads expenses-YYYY-MM-DD.xlsx with the spec’s sheet, columns, number and date cells, and inert text', async () => {
    const tricky = '=HYPERLINK("http://x","y")';
    await asAdmin.addExpense({ categoryId: food.id, amount: '1234.56', date: lagosDay(-3), description: tricky, title: 'Formula test' });
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/settings/data');
    await pageSettled(page, 'Data Management');
    const data = section(page, 'Data Management');

    // The answer is held back a moment, so the progress can be seen while it runs.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/export/expenses', async (route) => {
      await held;
      await route.continue();
    });
    const downloadEvent = page.waitForEvent('download');
    await data.getByRole('button', { name: 'Export to Excel' }).click();
    await expectText(data.getByRole('status'), 'Preparing the export');
    expect(await data.getByRole('progressbar', { name: 'Export in progress' }).count()).toBe(1);
    release?.();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(`expenses-${lagosToday()}.xlsx`);
    await expectText(data.getByRole('status'), MESSAGES.exportDownloaded);

    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('Expenses');
    expect(sheet, 'a sheet named Expenses').toBeDefined();
    if (!sheet) return;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Date', 'Title', 'Category', 'Amount', 'Description', 'Payment Method', 'Created At']);
    expect(sheet.columns.map((column) => column.width)).toEqual([15, 30, 20, 15, 40, 15, 15]);

    let formulaRow: ExcelJS.Row | undefined;
    sheet.eachRow((row, index) => {
      if (index > 1 && row.getCell(2).text.includes('Formula test')) formulaRow = row;
    });
    expect(formulaRow, 'the row with the formula-like description').toBeDefined();
    if (!formulaRow) return;
    const amount = formulaRow.getCell(4);
    expect(amount.type).toBe(ExcelJS.ValueType.Number);
    expect(amount.value).toBe(1234.56);
    expect(amount.numFmt).toContain('₦');
    const date = formulaRow.getCell(1);
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect((date.value as Date).toISOString().slice(0, 10)).toBe(lagosDay(-3));
    expect(formulaRow.getCell(7).type).toBe(ExcelJS.ValueType.Date);
    expect(formulaRow.getCell(3).value).toBe('Food');
    expect(formulaRow.getCell(6).value).toBe('Cash');
    // Text, not a formula: nothing a spreadsheet would evaluate.
    const description = formulaRow.getCell(5);
    expect(description.type).toBe(ExcelJS.ValueType.String);
    expect(description.formula).toBeUndefined();
    expect(String(description.value)).toContain(tricky);
    await context.close();
  });

  it("says 'Failed to export data. Please try again.' when the export fails", async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/settings/data');
    await pageSettled(page, 'Data Management');
    await page.route('**/api/export/expenses', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"INTERNAL","message":"boom"}' }));
    const data = section(page, 'Data Management');
    await data.getByRole('button', { name: 'Export to Excel' }).click();
    await expectText(data.getByRole('alert'), MESSAGES.exportFailed);
    // A lost connection: the same sentence (waited for once the second try has finished).
    await page.unroute('**/api/export/expenses');
    await page.route('**/api/export/expenses', (route) => route.abort('connectionreset'));
    const attempted = page.waitForRequest('**/api/export/expenses');
    await data.getByRole('button', { name: 'Export to Excel' }).click();
    await attempted;
    await expect.poll(() => data.getByRole('button', { name: 'Export to Excel' }).isEnabled()).toBe(true);
    await expectText(data.getByRole('alert'), MESSAGES.exportFailed);
    await context.close();
  });
});

describe('Danger Zone → Delete Account', () => {
  it("asks the spec's question, deletes the account and its expenses, and goes to /signup; the last admin is refused", async () => {
    const leaving = await kobo.createUser('admin', { name: 'Leaving Admin' });
    const asLeaving = await expenseApi(kobo, leaving);
    const own = await asLeaving.addExpense({ categoryId: food.id, amount: 42, description: 'Goes with the account' });
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, leaving);
    await page.goto('/settings/account');
    await pageSettled(page, 'Account');
    const danger = section(page, 'Danger Zone');
    await danger.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await expectText(dialog, MESSAGES.confirmDeleteAccount);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await danger.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await page.waitForURL('**/signup');
    // The account and its expenses are gone.
    await signInWithForm(page, leaving.email, leaving.password);
    await expectBeside(page.getByLabel('Email'), MESSAGES.userNotFound);
    const lookup = await kobo.app.inject({ method: 'GET', url: `/api/expenses/${own.id}`, headers: { cookie: await adminCookie() } });
    expect(lookup.statusCode).toBe(404);
    await context.close();

    // Now the first admin is the last active one: the server refuses, and the dialog says why.
    const { context: lastContext, page: last } = await newPage(browser, kobo.baseURL);
    await signInQuickly(last, admin);
    await last.goto('/settings/account');
    await pageSettled(last, 'Account');
    await section(last, 'Danger Zone').getByRole('button', { name: 'Delete Account' }).click();
    const lastDialog = last.getByRole('dialog', { name: 'Delete account' });
    await lastDialog.getByRole('button', { name: 'Delete Account' }).click();
    await expectText(lastDialog.getByRole('alert'), MESSAGES.lastAdminCannotLeave);
    await lastContext.close();
  });
});

async function adminCookie(): Promise<string> {
  const signIn = await kobo.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: admin.email, password: admin.password } });
  return signIn.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

describe('how Settings looks', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'settings-admin',
    path: '/settings/categories',
    user: () => admin,
    prepare: async (page) => {
      await pageSettled(page, 'Categories');
      await items(page).getByRole('listitem').first().waitFor();
    },
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'user-settings-manager',
    path: '/user-settings',
    user: () => manager,
    prepare: async (page) => {
      await pageSettled(page, 'User Settings');
      await items(page).getByRole('listitem').first().waitFor();
    },
  });
});
