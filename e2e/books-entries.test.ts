import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MESSAGES, monthLabel, periodLockedMessage, type LedgerAccountView } from '@kobo/core';
import { EACH_WIDTH, hasHorizontalScroll, launchBrowser, newPage, pageErrorsOf, screenshot } from './support/browser.ts';
import { lagosToday } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectBeside, expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { savingsApi, setApprovalSettings } from './support/savings-seed.ts';
import { apiAs } from './support/users-seed.ts';
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
  it.each(EACH_WIDTH)('locks this month at %i px, a deposit into it is refused with the month named, and unlocking lets it in', async (width, viewport) => {
    const month = lagosToday().slice(0, 7);
    const { context, page } = await adminPage('/books/locks', viewport);
    await pageSettled(page, 'Locked months');
    await page.getByLabel('Month to lock').fill(month);
    await page.getByRole('button', { name: 'Lock month' }).click();
    await expectText(page.getByRole('main'), monthLabel(month));
    await expectText(page.getByRole('main'), 'Ngozi Admin');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await screenshot(page, `books-locks-locked-${width}`);

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
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('/books/entries/new', () => {
  it.each(EACH_WIDTH)('posts bank charges of ₦1,500 (Dr Bank charges / Cr Bank) at %i px, after showing the imbalance beside the lines', async (_width, viewport) => {
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
    expect(await hasHorizontalScroll(page)).toBe(false);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('an entry awaiting a second admin', () => {
  it.each(EACH_WIDTH)('shows with its lines at %i px, and another admin approves it', async (width, viewport) => {
    const call = await apiAs(kobo, admin);
    const before = (await call('GET', '/api/savings/approval-settings')) as { memberPostingsDirect: boolean };
    const { accounts } = (await call('GET', '/api/books/accounts?book=scheme')) as { accounts: LedgerAccountView[] };
    const idOf = (code: string) => accounts.find((account) => account.code === code)?.id;
    const second = await kobo.createUser('admin', { name: `Second Admin ${width}` });
    await setApprovalSettings(kobo, admin, { twoPersonThreshold: '50000', memberPostingsDirect: before.memberPostingsDirect });
    try {
      const narration = `Cheque book charge, ${width} px`;
      await call('POST', '/api/books/entries', {
        book: 'scheme',
        valueDate: lagosToday(),
        narration,
        lines: [
          { accountId: idOf('5100'), debit: '2,000' },
          { accountId: idOf('1000'), credit: '2,000' },
        ],
      });
      const { context, page } = await newPage(browser, kobo.baseURL, { viewport });
      await signInQuickly(page, second);
      await page.goto('/books/entries/new');
      await pageSettled(page, 'New journal entry');
      const card = page.getByRole('article', { name: narration });
      await expectText(card, 'asked by Ngozi Admin');
      await expectText(card, '5100 · Bank charges₦2,000.00');
      await expectText(card, '1000 · Bank₦2,000.00');
      expect(await hasHorizontalScroll(page)).toBe(false);
      await screenshot(page, `books-entry-request-${width}`);
      await card.getByRole('button', { name: 'Approve' }).click();
      await expectText(page.getByRole('main'), 'No entries are waiting.');
      expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
      await context.close();
    } finally {
      await setApprovalSettings(kobo, admin, { twoPersonThreshold: null, memberPostingsDirect: before.memberPostingsDirect });
    }
  });
});

const env = () => ({ browser, baseURL: kobo.baseURL });

describe("how the books' own screens look (light, dark; 375, 1280 px)", () => {
  itFitsEveryLook(env, {
    name: 'books-locks',
    path: '/books/locks',
    user: () => admin,
    prepare: async (page) => {
      await pageSettled(page, 'Locked months');
      await page.getByRole('button', { name: 'Lock month' }).waitFor();
    },
  });
  itFitsEveryLook(env, {
    name: 'books-entry-new',
    path: '/books/entries/new',
    user: () => admin,
    prepare: async (page) => {
      await pageSettled(page, 'New journal entry');
      await page.getByRole('combobox', { name: 'Account, line 2' }).waitFor();
    },
  });
  itFitsEveryLook(env, {
    name: 'books-opening',
    path: '/books/opening',
    user: () => admin,
    prepare: async (page) => {
      await pageSettled(page, 'Opening balances');
      await page.getByRole('button', { name: 'Post opening balances' }).waitFor();
    },
  });
});
