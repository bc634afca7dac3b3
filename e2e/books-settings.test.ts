import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MESSAGES } from '@kobo/core';
import { DESKTOP, launchBrowser, newPage, pageErrorsOf, PHONE } from './support/browser.ts';
import { expenseApi } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectBeside, expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  const expenses = await expenseApi(kobo, admin);
  await expenses.addCategory('Fuel and generator');
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

const booksSection = (page: Page) => page.getByRole('region', { name: 'Books', exact: true });

async function selectedText(select: Locator): Promise<string> {
  return select.evaluate((element) => (element instanceof HTMLSelectElement ? (element.selectedOptions[0]?.text ?? '') : ''), undefined, { timeout: 250 }).catch(() => '');
}

describe('Settings › Books', () => {
  // One pass per width: each adds its own account, renames it and gives a payment method to it.
  for (const { viewport, code, name, renamed, method } of [
    { viewport: DESKTOP, code: '1031', name: 'Moniepoint', renamed: 'Moniepoint POS', method: 'Moniepoint' },
    { viewport: PHONE, code: '1032', name: 'Opay', renamed: 'Opay wallet', method: 'Opay' },
  ]) {
    it(`adds an account, renames it and maps a payment method to it, with an invalid code flagged beside itself (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(browser, kobo.baseURL, { viewport });
      const errors = pageErrorsOf(page);
      await signInQuickly(page, admin);
      await page.goto('/settings/books');
      await pageSettled(page, 'Books');
      const books = booksSection(page);
      await books.getByRole('radiogroup', { name: 'Book' }).getByText('Organisation', { exact: true }).click();
      const chart = books.getByRole('region', { name: 'Organisation chart of accounts' });
      await chart.getByRole('list', { name: 'Assets' }).waitFor();

      const form = books.getByRole('form', { name: 'Add an account to the Organisation book' });
      await form.getByLabel('Code').fill('-x');
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Kind').selectOption({ label: 'Assets' });
      await form.getByRole('button', { name: 'Add account' }).click();
      await expectBeside(form.getByLabel('Code'), MESSAGES.ledgerAccountCodeInvalid);

      await form.getByLabel('Code').fill(code);
      await form.getByRole('button', { name: 'Add account' }).click();
      await expectText(books, `Account ${code} ${name} added`);
      const assets = chart.getByRole('list', { name: 'Assets' });
      await expectText(assets, `${code}${name}`);

      await assets.getByRole('button', { name: `Edit ${code} ${name}`, exact: true }).click();
      const edit = books.getByRole('form', { name: `Edit ${code} ${name}` });
      await edit.getByLabel('Name').fill(renamed);
      await edit.getByRole('button', { name: 'Save' }).click();
      await expectText(books, `${code} ${renamed} saved`);
      await expectText(assets, `${code}${renamed}`);

      const mappings = books.getByRole('region', { name: 'Where postings go' });
      const methodForm = mappings.getByRole('form', { name: 'Add a payment method' });
      await methodForm.getByLabel('Payment method').fill(method);
      await methodForm.getByLabel('Its account').selectOption({ label: `${code} ${renamed}` });
      await methodForm.getByRole('button', { name: 'Add payment method' }).click();
      const mapped = mappings.getByLabel(method.toLowerCase(), { exact: true });
      await expect.poll(() => selectedText(mapped)).toBe(`${code} ${renamed}`);

      // What the server holds: a reload shows the renamed account still mapped.
      await page.reload();
      await pageSettled(page, 'Books');
      await expect.poll(() => selectedText(booksSection(page).getByLabel(method.toLowerCase(), { exact: true }))).toBe(`${code} ${renamed}`);
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    });
  }
});

const env = () => ({ browser, baseURL: kobo.baseURL });

describe('how Settings › Books looks', () => {
  itFitsEveryLook(env, {
    name: 'settings-books',
    path: '/settings/books',
    user: () => admin,
    prepare: async (page) => {
      await pageSettled(page, 'Books');
      const books = booksSection(page);
      await books.getByRole('region', { name: 'Savings scheme chart of accounts' }).waitFor();
      await books.getByRole('region', { name: 'Where postings go' }).waitFor();
      await books.scrollIntoViewIfNeeded();
    },
  });
});
