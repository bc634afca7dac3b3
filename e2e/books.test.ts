import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MESSAGES, type ExpenseView } from '@kobo/core';
import { DESKTOP, EACH_WIDTH, launchBrowser, newPage, pageErrorsOf, screenshot } from './support/browser.ts';
import { formatCalendarDay } from './support/calendar-day.ts';
import { expenseApi, lagosToday } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { sweeper } from './support/axe.ts';
import { pathOf, signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let ada: SeededStaff;
let diesel: ExpenseView;

// COOPERATIVE.md's figures: a ₦5,000 deposit and a ₦2,000 withdrawal in the scheme's book leave
// Bank ₦3,000 in debit and Members' savings ₦3,000 in credit; the organisation's diesel, ₦2,500
// paid in cash, is Dr Fuel and generator / Cr Cash.
beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  const asAdmin = await savingsApi(kobo, admin);
  ada = await asAdmin.createStaff({ name: 'Ada Obi' });
  await asAdmin.post({ userId: ada.id, type: 'deposit', amount: '5000', description: 'Cash deposit' });
  await asAdmin.post({ userId: ada.id, type: 'withdrawal', amount: '2000', description: 'Paid by transfer' });
  await asAdmin.dispose();
  const expenses = await expenseApi(kobo, admin);
  const fuel = await expenses.addCategory('Fuel and generator');
  diesel = await expenses.addExpense({ categoryId: fuel.id, amount: 2500, description: 'Diesel' });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

async function booksAs(user: TestUser, path: string, viewport: { width: number; height: number }) {
  const opened = await newPage(browser, kobo.baseURL, { viewport });
  await signInQuickly(opened.page, user);
  await opened.page.goto(path);
  return opened;
}

/** The text of each cell of the table's row whose first cell reads `label`; [] when there is none yet. */
async function rowCells(page: Page, table: string, label: string): Promise<string[]> {
  return page.getByRole('region', { name: table, exact: true }).evaluate((box, wanted) => {
    const row = [...box.querySelectorAll('tr')].find((tr) => tr.cells[0]?.textContent?.trim() === wanted);
    return row ? [...row.cells].map((cell) => cell.textContent?.trim() ?? '') : [];
  }, label, { timeout: 250 });
}

async function expectRow(page: Page, table: string, label: string, cells: string[]) {
  await expect.poll(() => rowCells(page, table, label).catch(() => [])).toEqual(cells);
}

/** Each element's text as read, its line breaks as one space; a table row's cells joined by ' | ' (an empty cell stays). */
function textsOf(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) => {
    // Runs in the page: Playwright sends this function alone, so its helper must live inside it.
    // oxlint-disable-next-line unicorn/consistent-function-scoping
    const read = (node: Element) => (node as HTMLElement).innerText.replaceAll(/\s+/g, ' ').trim();
    return nodes.map((node) => (node instanceof HTMLTableRowElement ? [...node.cells].map(read).join(' | ') : read(node)));
  });
}

/** The Fuel and generator ledger, as the table (1280 px) or the cards (375 px) show it. */
function dieselLedgerAsShown(width: number, day: string): string[] {
  return width < DESKTOP.width
    ? ['Opening balance ₦0.00', `${day} · No. 3 Expense · Fuel and generator: Diesel Open the expense Debit ₦2,500.00 Balance ₦2,500.00`, 'Closing balance ₦2,500.00']
    : [
        'Date | Narration | Debit | Credit | Balance',
        'Opening balance | ₦0.00',
        `${day} No. 3 | Expense · Fuel and generator: Diesel Open the expense | ₦2,500.00 |  | ₦2,500.00`,
        'Closing balance | ₦2,500.00',
      ];
}

describe('/books', () => {
  it.each(EACH_WIDTH)("shows the scheme's trial balance balanced, then the organisation's, then an account's ledger (%i px)", async (_width, viewport) => {
    const { context, page } = await booksAs(admin, '/books', viewport);
    await pageSettled(page, 'Books');
    await expectRow(page, 'Trial balance', '1000 · Bank', ['1000 · Bank', '₦3,000.00', '']);
    await expectRow(page, 'Trial balance', "2000 · Members' savings", ["2000 · Members' savings", '', '₦3,000.00']);
    await expectRow(page, 'Trial balance', 'Total', ['Total', '₦3,000.00', '₦3,000.00']);
    await expectText(page.getByRole('main'), 'Balanced');

    await page.locator('label').filter({ hasText: /^Organisation$/ }).click();
    await page.waitForURL('**/books?book=organisation');
    await expectRow(page, 'Trial balance', 'Total', ['Total', '₦2,500.00', '₦2,500.00']);
    await expectRow(page, 'Trial balance', '1000 · Cash', ['1000 · Cash', '', '₦2,500.00']);
    await expectText(page.getByRole('main'), 'Balanced');

    await page.getByRole('link', { name: /Fuel and generator/ }).click();
    await page.waitForURL('**/books/accounts/**');
    await pageSettled(page, 'General ledger');
    await expectText(page.getByRole('heading', { level: 2 }), 'Fuel and generator');
    // The table's rows at 1280 px; on a phone a card per line between the two balances (e2e/books-phone.test.ts measures them).
    const shown = page.getByRole('region', { name: 'Ledger lines' }).locator(viewport.width < DESKTOP.width ? ':scope > *' : 'tr');
    await expect.poll(() => textsOf(shown)).toEqual(dieselLedgerAsShown(viewport.width, formatCalendarDay(lagosToday())));
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it.each(EACH_WIDTH)('keeps the book, tab and days in the address: income and expenditure and the balance sheet (%i px)', async (_width, viewport) => {
    const { context, page } = await booksAs(admin, '/books?book=organisation&tab=income', viewport);
    await pageSettled(page, 'Books');
    await expectRow(page, 'Income and expenditure', 'Total expenses', ['Total expenses', '₦2,500.00']);
    await expectRow(page, 'Income and expenditure', 'Deficit for the period', ['Deficit for the period', '₦2,500.00']);

    await page.getByRole('tab', { name: 'Balance sheet' }).click();
    await page.waitForURL('**/books?book=organisation&tab=balance-sheet');
    await expectRow(page, 'Balance sheet', 'Surplus to date', ['Surplus to date', '-₦2,500.00']);
    await expectRow(page, 'Balance sheet', 'Total assets', ['Total assets', '-₦2,500.00']);

    // A day before the postings: nothing stood yet.
    await page.getByLabel('As at').fill('2020-01-31');
    await page.waitForURL('**/books?book=organisation&tab=balance-sheet&asOf=2020-01-31');
    await expectText(page.getByRole('main'), 'as at 31 Jan 2020');
    await page.reload();
    await pageSettled(page, 'Books');
    expect(await page.getByLabel('As at').inputValue()).toBe('2020-01-31');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it.each(EACH_WIDTH)('lists the journal with each entry’s lines, and follows an entry to what made it (%i px)', async (_width, viewport) => {
    const { context, page } = await booksAs(admin, '/books?tab=journal', viewport);
    await pageSettled(page, 'Books');
    const entries = page.getByRole('article');
    await expect.poll(() => entries.count()).toBe(2);
    await expectText(entries.first(), 'Ada Obi');
    await page.getByRole('link', { name: 'Open the savings account' }).first().click();
    await page.waitForURL(`**/savings/${ada.staffId}`);
    expect(pathOf(page)).toBe(`/savings/${ada.staffId}`);

    await page.goto('/books?book=organisation&tab=journal');
    await pageSettled(page, 'Books');
    await expect.poll(() => entries.count()).toBe(1);
    await page.getByRole('link', { name: 'Open the expense' }).click();
    await page.waitForURL(`**/expenses/${diesel.id}/edit`);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it.each(EACH_WIDTH)('downloads the trial balance as .xlsx, and prints only the report under its title, book and day (%i px)', async (width, viewport) => {
    const { context, page } = await booksAs(admin, '/books', viewport);
    await pageSettled(page, 'Books');
    await expectRow(page, 'Trial balance', 'Total', ['Total', '₦3,000.00', '₦3,000.00']);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download .xlsx' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = await download.path();
    // An .xlsx is a zip: it starts with PK.
    expect(readFileSync(path).subarray(0, 2).toString()).toBe('PK');

    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('heading', { name: 'Trial balance', level: 2 }).isVisible()).toBe(true);
    expect(await page.getByText(`Savings scheme · as at ${formatCalendarDay(lagosToday())}`).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Trial balance', exact: true }).isVisible()).toBe(true);
    for (const hidden of [
      page.getByRole('navigation'),
      page.getByRole('heading', { name: 'Books', level: 1 }),
      page.getByRole('tablist'),
      page.getByRole('button', { name: 'Print' }),
      page.getByLabel('As at'),
    ]) {
      expect(await hidden.isVisible()).toBe(false);
    }
    await screenshot(page, `books-print-${width}`);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it.each(EACH_WIDTH)('leads from the reports to the locked months, the opening balances and a new journal entry (%i px)', async (_width, viewport) => {
    const { context, page } = await booksAs(admin, '/books', viewport);
    await pageSettled(page, 'Books');
    const more = page.getByRole('navigation', { name: 'More in the books' });
    await more.getByRole('link', { name: 'Locked months' }).click();
    await page.waitForURL('**/books/locks');
    await page.goBack();
    await more.getByRole('link', { name: 'Opening balances' }).click();
    await page.waitForURL('**/books/opening');
    await page.goBack();
    await more.getByRole('link', { name: 'New journal entry' }).click();
    await page.waitForURL('**/books/entries/new');
    expect(pathOf(page)).toBe('/books/entries/new');
    await context.close();
  });

  it.each(EACH_WIDTH)('is for whoever may read the books: a manager is sent to /expenses (%i px)', async (_width, viewport) => {
    const manager = await kobo.createUser('manager');
    const { context, page } = await booksAs(manager, '/books', viewport);
    await page.waitForURL('**/expenses');
    expect(pathOf(page)).toBe('/expenses');
    await context.close();
  });
});

const env = () => ({ browser, baseURL: kobo.baseURL });

/** The books' page is ready when its heading shows, nothing spins and the report's table is drawn. */
function ready(table: string) {
  return async (page: Page) => {
    await pageSettled(page, 'Books');
    await page.getByRole('region', { name: table, exact: true }).waitFor();
  };
}

describe('how the books look', () => {
  itFitsEveryLook(env, { name: 'books-trial-balance', path: '/books', user: () => admin, prepare: ready('Trial balance') });
  itFitsEveryLook(env, { name: 'books-income', path: '/books?book=organisation&tab=income', user: () => admin, prepare: ready('Income and expenditure') });
  itFitsEveryLook(env, { name: 'books-balance-sheet', path: '/books?tab=balance-sheet', user: () => admin, prepare: ready('Balance sheet') });
  itFitsEveryLook(env, {
    name: 'books-journal',
    path: '/books?tab=journal',
    user: () => admin,
    prepare: async (page) => {
      await pageSettled(page, 'Books');
      await page.getByRole('article').first().waitFor();
    },
  });
  itFitsEveryLook(env, {
    name: 'books-ledger',
    path: '/books?book=organisation',
    user: () => admin,
    prepare: async (page) => {
      await pageSettled(page, 'Books');
      await page.getByRole('link', { name: /Fuel and generator/ }).click();
      await pageSettled(page, 'General ledger');
      await page.getByRole('region', { name: 'Ledger lines' }).waitFor();
    },
  });
});

describe('the books for every reader (WCAG 2.2 AA)', () => {
  const sweep = sweeper(env, () => admin);
  afterAll(() => sweep.close());
  it.each([
    ['trial balance', '/books', 'Trial balance'],
    ['income and expenditure', '/books?book=organisation&tab=income', 'Income and expenditure'],
    ['balance sheet', '/books?tab=balance-sheet', 'Balance sheet'],
  ])('the %s has no critical or serious axe violation (light, dark; 375, 1280 px)', async (name, path, table) => {
    expect(await sweep.sweep({ name, path, ready: ready(table) })).toEqual([]);
  });

  it('the journal and a ledger have no critical or serious axe violation (light, dark; 375, 1280 px)', async () => {
    const journal = await sweep.sweep({ name: 'journal', path: '/books?tab=journal', ready: async (page) => void (await page.getByRole('article').first().waitFor()) });
    const ledger = await sweep.sweep({
      name: 'ledger',
      path: '/books?book=organisation',
      ready: async (page) => {
        await pageSettled(page, 'Books');
        await page.getByRole('link', { name: /Fuel and generator/ }).click();
        await pageSettled(page, 'General ledger');
        await page.getByRole('region', { name: 'Ledger lines' }).waitFor();
      },
    });
    expect([...journal, ...ledger]).toEqual([]);
  });

  it.each(EACH_WIDTH)('moves between the tabs with the arrow keys, the address following (%i px)', async (_width, viewport) => {
    const { context, page } = await booksAs(admin, '/books', viewport);
    await pageSettled(page, 'Books');
    await page.getByRole('tab', { name: 'Trial balance' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL('**/books?tab=income');
    // The scheme's book has no income or expenses yet: the report says so under its heading.
    await page.getByRole('heading', { name: 'Income and expenditure', level: 2 }).waitFor();
    await expectText(page.getByRole('main'), MESSAGES.noBookActivity);
    expect(await page.getByRole('tab', { name: 'Income and expenditure' }).getAttribute('aria-selected')).toBe('true');
    await context.close();
  });
});
