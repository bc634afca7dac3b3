import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES, formatNaira, type CategoryView } from '@kobo/core';
import { PHONE, launchBrowser, newPage, pageErrorsOf, screenshot } from './support/browser.ts';
import { expenseApi, lagosDay, lagosToday } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { pickByKeyboard } from './support/keyboard.ts';
import { pathOf, signInQuickly } from './support/session.ts';

/**
 * Issue 14, the accountant's Friday: rapid entry with the keyboard alone, search and sort kept in
 * the address, the dense table, and the screen's own export read back as a spreadsheet.
 */
let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let manager: TestUser;
let ada: TestUser;
let fuel: CategoryView;
const downloads = mkdtempSync(join(tmpdir(), 'kobo-friday-'));

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  manager = await kobo.createUser('manager', { name: 'Musa Manager' });
  ada = await kobo.createUser('user', { name: 'Ada Obi' });
  const asAdmin = await expenseApi(kobo, admin);
  const asManager = await expenseApi(kobo, manager);
  fuel = await asAdmin.addCategory('Fuel', { color: '#FF6B6B', icon: 'FaTint' });
  const stationery = await asAdmin.addCategory('Stationery', { color: '#45B7D1', icon: 'FaGraduationCap' });
  // Last month's and last week's, so none of them is on the default Today.
  await asAdmin.addExpense({ categoryId: fuel.id, amount: '4000', date: lagosDay(-40), description: 'Diesel for the generator' });
  await asManager.addExpense({ categoryId: fuel.id, amount: '900', date: lagosDay(-10), description: 'Diesel top-up' });
  await asAdmin.addExpense({ categoryId: stationery.id, amount: '2500', date: lagosDay(-5), description: 'Printer paper' });
  await asManager.addExpense({ categoryId: fuel.id, amount: '12500.50', date: lagosDay(-2), description: 'Diesel, drum' });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
  rmSync(downloads, { recursive: true, force: true });
});

const cards = (page: Page) => page.getByRole('list', { name: 'Expenses' }).getByRole('listitem');

async function cardTexts(page: Page): Promise<string[]> {
  return cards(page).evaluateAll((items) => items.map((item) => item.textContent ?? ''));
}

/** The descriptions on screen, in order, once they stop changing to `expected`. */
async function expectDescriptions(page: Page, expected: string[]) {
  await expect
    .poll(async () => (await cardTexts(page)).map((text) => expected.find((description) => text.includes(description)) ?? text))
    .toEqual(expected);
}

describe('rapid entry', () => {
  it('enters five expenses in a row with Add and new, without touching the mouse', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, ada);
    await page.goto('/expenses/create');
    await pageSettled(page, 'Add Expense');
    const amount = page.getByLabel('Amount');
    const lastWeek = lagosDay(-3);

    const item = page.getByRole('combobox', { name: 'Item' });
    await item.focus();
    await pickByKeyboard(page, item, 'Fue', 'Fuel');
    // Date comes after Description: typed once (Shift+Tab would only step back through its own
    // month, day and year), then the focus goes back to Amount.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('date');
    const [year, month, day] = lastWeek.split('-');
    await page.keyboard.type(`${month}${day}${year}`);
    await expect.poll(() => page.getByLabel('Date').inputValue()).toBe(lastWeek);
    await amount.focus();

    const amounts = ['1500', '2500', '3500', '4500', '5500.25'];
    for (const [index, typed] of amounts.entries()) {
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('.mantine-InputWrapper-root')?.querySelector('label')?.textContent)).toContain('Amount');
      await page.keyboard.type(typed);
      await page.keyboard.press('Tab');
      await page.keyboard.type(`Friday receipt ${index + 1}`);
      await page.keyboard.press('Control+Enter');
      await expectText(page.getByRole('region', { name: MESSAGES.entriesJustMade }), `Friday receipt ${index + 1}`);
      // Item and Date stay, Amount and Description are cleared, and Amount has the focus again.
      await expect.poll(() => amount.inputValue()).toBe('');
      expect(await page.getByLabel('Description').inputValue()).toBe('');
      expect(await page.getByRole('combobox', { name: 'Item' }).inputValue()).toBe('Fuel');
      expect(await page.getByLabel('Date').inputValue()).toBe(lastWeek);
    }
    const entries = page.getByRole('region', { name: MESSAGES.entriesJustMade });
    expect(await entries.getByRole('row').count()).toBe(6);
    await expectText(entries, `5 expenses · ${formatNaira(1_750_025)}`);
    await screenshot(page, 'expenses-friday-rapid-entry-1280-light');
    // Add and new never leaves the form.
    await page.waitForTimeout(2500);
    expect(pathOf(page)).toBe('/expenses/create');

    // Add Expense keeps the spec's redirect, unless someone starts typing the next one.
    await page.keyboard.type('700');
    await page.keyboard.press('Enter');
    await expectText(page.getByRole('status'), MESSAGES.expenseAdded);
    await page.getByRole('combobox', { name: 'Item' }).focus();
    await page.keyboard.type('F');
    await page.waitForTimeout(2500);
    expect(pathOf(page)).toBe('/expenses/create');
    await page.keyboard.press('Escape');

    // Nobody typing: the list opens where an expense dated last week can be seen.
    await amount.focus();
    await page.keyboard.type('800');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Sent with Enter');
    await item.focus();
    await pickByKeyboard(page, item, 'Fue', 'Fuel');
    await page.getByLabel('Date').focus();
    await page.keyboard.type(`${month}${day}${year}`);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/expenses?time=week', { timeout: 15_000 });
    await pageSettled(page, 'My Expenses');
    await expectText(page.getByRole('list', { name: 'Expenses' }), 'Sent with Enter');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('find and scan', () => {
  it('searches and sorts from the address, which survives a reload and Back', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/expenses?time=all');
    await pageSettled(page, 'All Expenses');
    await page.getByRole('searchbox', { name: 'Search' }).fill('diesel');
    await page.waitForURL(/[?&]q=diesel/);
    await expectDescriptions(page, ['Diesel, drum', 'Diesel top-up', 'Diesel for the generator']);
    await expectText(page.getByRole('region', { name: 'Total' }), formatNaira(1_740_050));

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Amount, lowest first' }).click();
    await page.waitForURL(/sort=amount&dir=asc/);
    await expectDescriptions(page, ['Diesel top-up', 'Diesel for the generator', 'Diesel, drum']);
    expect(new URL(page.url()).search).toBe('?time=all&q=diesel&sort=amount&dir=asc');

    await page.reload();
    await pageSettled(page, 'All Expenses');
    await expectDescriptions(page, ['Diesel top-up', 'Diesel for the generator', 'Diesel, drum']);
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('diesel');
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('Amount, lowest first');

    // An amount, as typed with its comma, finds that exact amount.
    await page.getByRole('searchbox', { name: 'Search' }).fill('12,500.50');
    await expectDescriptions(page, ['Diesel, drum']);
    await page.goBack();
    await expectDescriptions(page, ['Diesel top-up', 'Diesel for the generator', 'Diesel, drum']);
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('diesel');

    // The dense table on a desktop, remembered on this browser.
    await page.getByRole('radio', { name: 'Cards' }).focus();
    await page.keyboard.press('ArrowRight');
    const table = page.getByRole('table', { name: 'Expenses' });
    await expectText(table, 'Diesel top-up');
    await expectText(table, 'Musa Manager');
    await page.reload();
    await expectText(page.getByRole('table', { name: 'Expenses' }), 'Diesel, drum');
    await screenshot(page, 'expenses-friday-table-1280-light');
    await page.setViewportSize(PHONE);
    await expect.poll(() => cards(page).count()).toBe(3);
    await screenshot(page, 'expenses-friday-search-375-light');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('exports exactly the filtered view, as a manager, and reads it back as a spreadsheet', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, manager);
    await page.goto('/expenses?time=month&q=diesel&sort=amount&dir=asc');
    await pageSettled(page, 'All Expenses');
    const shown = lagosDay(-10).slice(0, 7) === lagosToday().slice(0, 7) ? ['Diesel top-up', 'Diesel, drum'] : ['Diesel, drum'];
    await expectDescriptions(page, shown);

    const downloadEvent = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(`expenses-${lagosToday()}.xlsx`);
    await expectText(page.getByRole('status'), MESSAGES.exportDownloaded);
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('Expenses');
    const rows: unknown[][] = [];
    sheet?.eachRow((row, number) => {
      if (number > 1) rows.push([row.getCell(3).value, row.getCell(4).value, row.getCell(5).value]);
    });
    const expected = [
      ['Fuel', 900, 'Diesel top-up'],
      ['Fuel', 12_500.5, 'Diesel, drum'],
    ].filter(([, , description]) => shown.includes(String(description)));
    expect(rows).toEqual(expected);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('the expenses screen in every look', () => {
  // The table where it is offered (a desktop), cards on a phone; light and dark.
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'expenses-friday',
    path: '/expenses?time=all&sort=amount',
    user: () => admin,
    prepare: async (page) => {
      await page.evaluate(() => localStorage.setItem('kobo-expenses-view', JSON.stringify('table')));
      await page.reload();
      await pageSettled(page, 'All Expenses');
      await expectText(page.getByRole('region', { name: 'Total' }), 'expenses');
    },
  });
});
