import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MESSAGES, monthLabel, periodLockedMessage } from '@kobo/core';
import { DESKTOP, launchBrowser, newPage, pageErrorsOf, PHONE } from './support/browser.ts';
import { lagosToday } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectBeside, expectText, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { savingsApi } from './support/savings-seed.ts';
import { signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  const asAdmin = await savingsApi(kobo, admin);
  await asAdmin.createStaff({ name: 'Tunde Bello' });
  await asAdmin.dispose();
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

async function adminPage(path: string, viewport: { width: number; height: number }) {
  const opened = await newPage(browser, kobo.baseURL, { viewport });
  await signInQuickly(opened.page, admin);
  await opened.page.goto(path);
  return opened;
}

async function chooseOption(page: Page, field: Locator, text: string) {
  await field.click();
  await field.fill(text);
  await page.getByRole('option', { name: new RegExp(text) }).first().click();
}

describe('/books/locks', () => {
  it('locks this month, a deposit into it is refused with the month named, and unlocking lets it in', async () => {
    const month = lagosToday().slice(0, 7);
    const { context, page } = await adminPage('/books/locks', DESKTOP);
    await pageSettled(page, 'Locked months');
    await page.getByLabel('Month to lock').fill(month);
    await page.getByRole('button', { name: 'Lock month' }).click();
    await expectText(page.getByRole('main'), monthLabel(month));
    await expectText(page.getByRole('main'), 'Ngozi Admin');

    await page.goto('/savings');
    const form = page.getByRole('region', { name: 'New Transaction' });
    await form.waitFor();
    await form.getByLabel('Amount (₦)').fill('2500');
    await chooseOption(page, form.getByLabel('Staff member'), 'Tunde Bello');
    await form.getByRole('button', { name: 'Process Transaction' }).click();
    await expectText(form.getByRole('alert'), periodLockedMessage('scheme', month));

    await page.goto('/books/locks');
    await pageSettled(page, 'Locked months');
    await page.getByRole('button', { name: `Unlock ${monthLabel(month)}` }).click();
    await expectText(page.getByRole('main'), 'No month is locked.');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('/books/entries/new', () => {
  it.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])('posts bank charges of ₦1,500 (Dr Bank charges / Cr Bank) on %s, after showing the imbalance beside the lines', async (_name, viewport) => {
    const { context, page } = await adminPage('/books/entries/new', viewport);
    await pageSettled(page, 'New journal entry');
    await page.getByLabel('Narration').fill('Bank charges for the month');
    await chooseOption(page, page.getByRole('combobox', { name: 'Account, line 1' }), 'Bank charges');
    await page.getByLabel('Debit, line 1').fill('1,500');
    await chooseOption(page, page.getByRole('combobox', { name: 'Account, line 2' }), '1000 · Bank');
    await page.getByLabel('Credit, line 2').fill('1,000');
    await expectText(page.getByTestId('entry-totals'), 'Debits ₦1,500.00 · Credits ₦1,000.00 · Difference ₦500.00');

    await page.getByRole('button', { name: 'Post entry' }).click();
    await expectText(page.getByRole('alert'), 'Debits and credits must be equal: they differ by ₦500.00');

    // A line with neither a debit nor a credit is flagged beside itself.
    await page.getByLabel('Debit, line 1').fill('');
    await page.getByRole('button', { name: 'Post entry' }).click();
    await expectBeside(page.getByLabel('Debit, line 1'), MESSAGES.entryLineDebitOrCredit);
    await page.getByLabel('Debit, line 1').fill('1500');
    await page.getByLabel('Credit, line 2').fill('1,500');
    await expectText(page.getByTestId('entry-totals'), 'Debits ₦1,500.00 · Credits ₦1,500.00 · Difference ₦0.00');
    await page.getByRole('button', { name: 'Post entry' }).click();
    await expectText(page.getByRole('status'), MESSAGES.manualEntryPosted);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});
