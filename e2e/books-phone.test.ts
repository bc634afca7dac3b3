import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, hasHorizontalScroll, launchBrowser, newPage, pageErrorsOf, screenshot } from './support/browser.ts';
import { formatCalendarDay } from './support/calendar-day.ts';
import { expenseApi, lagosToday } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { elementsPastTheEdge } from './support/past-the-edge.ts';
import { savingsApi } from './support/savings-seed.ts';
import { signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;

// Wide figures and long words, the widest a phone is likely to meet: a ₦1,234,567.89 deposit and a
// ₦34,567.89 withdrawal leave the scheme's Bank ₦1,200,000.00 in debit; the organisation pays
// ₦987,654,321 for generator fuel in cash.
beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  const asAdmin = await savingsApi(kobo, admin);
  const member = await asAdmin.createStaff({ name: 'Chiamaka Oluwaseun-Adebayo' });
  await asAdmin.post({ userId: member.id, type: 'deposit', amount: '1234567.89', description: 'Contributions for January, February and March paid at the branch' });
  await asAdmin.post({ userId: member.id, type: 'withdrawal', amount: '34567.89', description: 'Emergency' });
  await asAdmin.dispose();
  const expenses = await expenseApi(kobo, admin);
  const fuel = await expenses.addCategory('Generator fuel, servicing and repairs');
  await expenses.addExpense({ categoryId: fuel.id, amount: 987_654_321, description: 'Diesel for the year' });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

/** The scheme's Bank account's general ledger, reached as a person reaches it: from the trial balance. */
async function openBankLedger(viewport: { width: number; height: number }, colorScheme: 'light' | 'dark') {
  const opened = await newPage(browser, kobo.baseURL, { viewport, colorScheme });
  await signIn(opened.page);
  await opened.page.goto('/books');
  await pageSettled(opened.page, 'Books');
  await opened.page.getByRole('link', { name: '1000 · Bank' }).click();
  await pageSettled(opened.page, 'General ledger');
  await opened.page.getByRole('region', { name: 'Ledger lines' }).waitFor();
  return opened;
}

function signIn(page: Page) {
  return signInQuickly(page, admin);
}

/** A card's or bar's lines as a person reads them, one per line of text. */
async function linesOf(page: Page, selector: string): Promise<string[][]> {
  return page
    .getByRole('region', { name: 'Ledger lines' })
    .locator(selector)
    .evaluateAll((elements) => elements.map((element) => (element as HTMLElement).innerText.split('\n').map((line) => line.trim()).filter(Boolean)));
}

describe('the general ledger on a 375 px phone', () => {
  it.each(['light', 'dark'] as const)('shows a card per line with its debit or credit and balance on screen, nothing past the edge (%s)', async (scheme) => {
    const { context, page } = await openBankLedger(PHONE, scheme);
    const today = formatCalendarDay(lagosToday());
    await expect.poll(() => linesOf(page, 'article')).toEqual([
      [`${today} · No. 1`, 'Deposit · Chiamaka Oluwaseun-Adebayo', 'Open the savings account', 'Debit', '₦1,234,567.89', 'Balance', '₦1,234,567.89'],
      [`${today} · No. 2`, 'Withdrawal · Chiamaka Oluwaseun-Adebayo', 'Open the savings account', 'Credit', '₦34,567.89', 'Balance', '₦1,200,000.00'],
    ]);
    expect(await page.getByRole('region', { name: 'Ledger lines' }).evaluate((region) => [...region.children].map((child) => (child as HTMLElement).innerText.replaceAll(/\s+/g, ' ').trim()))).toEqual([
      'Opening balance ₦0.00',
      expect.stringContaining('No. 1'),
      expect.stringContaining('No. 2'),
      'Closing balance ₦1,200,000.00',
    ]);
    // No table to scroll: every figure of every card lies within the 375 px window.
    expect(await page.getByRole('region', { name: 'Ledger lines' }).locator('table').count()).toBe(0);
    const figures = page.getByRole('article').getByText(/^₦/);
    expect(await figures.count()).toBe(4);
    for (const figure of await figures.all()) {
      const box = await figure.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${await figure.textContent()} at ${JSON.stringify(box)}`).toBe(true);
    }
    expect(await elementsPastTheEdge(page)).toEqual([]);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, `books-phone-ledger-375-${scheme}`);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('keeps the table at 1280 px: Date, Narration, Debit, Credit and Balance, between the opening and closing balance', async () => {
    const { context, page } = await openBankLedger(DESKTOP, 'light');
    const region = page.getByRole('region', { name: 'Ledger lines' });
    const rows = () => region.locator('tr').evaluateAll((trs) => trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((cell) => (cell as HTMLElement).innerText.replaceAll(/\s+/g, ' ').trim())));
    const today = formatCalendarDay(lagosToday());
    await expect.poll(rows).toEqual([
      ['Date', 'Narration', 'Debit', 'Credit', 'Balance'],
      ['Opening balance', '₦0.00'],
      [`${today} No. 1`, 'Deposit · Chiamaka Oluwaseun-Adebayo Open the savings account', '₦1,234,567.89', '', '₦1,234,567.89'],
      [`${today} No. 2`, 'Withdrawal · Chiamaka Oluwaseun-Adebayo Open the savings account', '', '₦34,567.89', '₦1,200,000.00'],
      ['Closing balance', '₦1,200,000.00'],
    ]);
    expect(await page.getByRole('article').count()).toBe(0);
    expect(await elementsPastTheEdge(page)).toEqual([]);
    await screenshot(page, 'books-phone-ledger-1280-light');
    await context.close();
  });
});

describe("the books' other reports on a 375 px phone", () => {
  it.each([
    ['trial-balance', '/books', 'Trial balance'],
    ['income', '/books?book=organisation&tab=income', 'Income and expenditure'],
    ['balance-sheet', '/books?tab=balance-sheet', 'Balance sheet'],
    ['balance-sheet-organisation', '/books?book=organisation&tab=balance-sheet', 'Balance sheet'],
  ])('the %s has nothing past the edge, light and dark', async (name, path, table) => {
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE, colorScheme: scheme });
      await signIn(page);
      await page.goto(path);
      await pageSettled(page, 'Books');
      await page.getByRole('region', { name: table, exact: true }).waitFor();
      await screenshot(page, `books-phone-${name}-375-${scheme}`);
      expect(await elementsPastTheEdge(page), `${name} (${scheme})`).toEqual([]);
      await context.close();
    }
  });

  it('the journal has nothing past the edge, light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE, colorScheme: scheme });
      await signIn(page);
      await page.goto('/books?book=organisation&tab=journal');
      await pageSettled(page, 'Books');
      await page.getByRole('article').first().waitFor();
      // No table to scroll: each line is its account with the side it moves.
      const items = page.getByRole('list', { name: 'Entry 3 lines' }).getByRole('listitem');
      expect(await items.evaluateAll((lis) => lis.map((li) => (li as HTMLElement).innerText.replaceAll(/\s+/g, ' ').trim()))).toEqual([
        '6001 · Generator fuel, servicing and repairs Debit ₦987,654,321.00',
        '1000 · Cash Credit ₦987,654,321.00',
      ]);
      await screenshot(page, `books-phone-journal-375-${scheme}`);
      expect(await elementsPastTheEdge(page), `journal (${scheme})`).toEqual([]);
      await context.close();
    }
  });
});
