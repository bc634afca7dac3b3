import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@kobo/core';
import { hasHorizontalScroll, launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { expenseApi, lagosDay } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  const asAdmin = await expenseApi(kobo, admin);
  await asAdmin.addCategory('Fuel');
  await asAdmin.addCategory('Stationery');
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

/** Day first, as Nigeria writes it: 20/11/2026. */
function dayFirst(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** Five rows, two refused: a day that does not exist, and an item Kobo does not know. */
function fileWithTwoBadRows(tag: string): string {
  return [
    'Date,Item,Amount,Description,Payment method',
    `${dayFirst(lagosDay(-3))},Fuel,"12,500.50",Generator diesel ${tag},Cash`,
    `31/02/2026,Fuel,100,Impossible day ${tag},`,
    `${lagosDay(-2)},Stationery,450,Printer paper ${tag},Transfer`,
    `${lagosDay(-2)},Catering,900,Lunch ${tag},`,
    `${lagosDay(-1)},fuel,300,Taxi to the bank ${tag},`,
  ].join('\n');
}

async function chooseFile(page: Page, name: string, text: string) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

const reviewRegion = (page: Page) => page.getByRole('region', { name: 'Review' });

describe('importing expenses', () => {
  it('reviews a file with two bad rows, imports the rest, shows them in the list, and undoes it', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/expenses');
    await pageSettled(page, 'All Expenses');
    await page.getByRole('link', { name: 'Import' }).click();
    await page.waitForURL('**/expenses/import');
    await pageSettled(page, 'Import expenses');

    await chooseFile(page, 'november.csv', fileWithTwoBadRows('e2e'));
    const review = reviewRegion(page);
    await expectText(review, 'november.csv: 3 ready (₦13,250.50), 2 refused.');
    // Refused rows are shown first, each with its reason.
    const rows = review.getByRole('table', { name: 'Reviewed rows' });
    await expectText(rows, MESSAGES.importBadDate);
    await expectText(rows, MESSAGES.importUnknownItem);
    expect(await rows.locator('tbody tr').count()).toBe(2);
    await review.getByText('All (5)').click();
    expect(await rows.locator('tbody tr').count()).toBe(5);
    // Catering is offered for creation; left unticked, its row stays refused.
    await expect.poll(() => review.getByRole('checkbox', { name: 'Create “Catering”' }).isChecked()).toBe(false);

    await review.getByRole('button', { name: 'Import 3 ready rows' }).click();
    await expectText(page.getByRole('status'), 'Imported 3 expenses.');
    const recent = page.getByRole('region', { name: 'Recent imports' });
    await expectText(recent, 'november.csv');

    await page.getByRole('link', { name: 'See them in the expenses list' }).click();
    await pageSettled(page, 'All Expenses');
    for (const description of ['Generator diesel e2e', 'Printer paper e2e', 'Taxi to the bank e2e']) {
      await expectText(page.getByRole('main'), description);
    }
    expect(await page.getByText('Lunch e2e').count()).toBe(0);

    await page.goBack();
    await pageSettled(page, 'Import expenses');
    await recent.getByRole('button', { name: 'Undo import of november.csv' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Undo import' }).click();
    await expectText(recent, MESSAGES.importUndone);
    await expectText(recent, 'Undone');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('is reached from the expenses screen on a phone too, and downloads the template with its headings and notes', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, admin);
    await page.goto('/expenses');
    await pageSettled(page, 'All Expenses');
    // Export, Import and Add Expense share the heading's row: on a phone they wrap, never scroll sideways.
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, 'expenses-with-import-375-light');
    await page.getByRole('link', { name: 'Import' }).click();
    await pageSettled(page, 'Import expenses');
    const downloadEvent = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download template' }).click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe('kobo-expenses-template.xlsx');
    const path = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path ?? '');
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Expenses', 'Notes']);
    expect(workbook.getWorksheet('Expenses')?.getRow(1).values).toEqual([undefined, 'Date', 'Item', 'Amount', 'Description', 'Payment method']);
    await context.close();
  });
});

describe('the import screen', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'expense-import',
    path: '/expenses/import',
    user: () => admin,
    prepare: async (page) => {
      await pageSettled(page, 'Import expenses');
      await chooseFile(page, 'looks.csv', fileWithTwoBadRows('looks'));
      await expectText(reviewRegion(page), '3 ready');
    },
  });
});
