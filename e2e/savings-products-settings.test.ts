import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MESSAGES } from '@kobo/core';
import { DESKTOP, launchBrowser, newPage, pageErrorsOf, PHONE } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectBeside, expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { seriousViolations } from './support/axe.ts';
import { signInQuickly } from './support/session.ts';
import { settledDialog } from './support/users-seed.ts';

/**
 * Settings › Savings products (issue 29): an admin adds a target product (Christmas savings, its
 * window in December, paid out to ordinary savings, early withdrawal at a 5% penalty) and share
 * capital (₦1,000 a share, ₦25,000 minimum), each refusal beside its field, at 375 and 1280 px.
 */
let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

const productsSection = (page: Page) => page.getByRole('region', { name: 'Savings products', exact: true });

/** Picks an option of one of the dialog's selects (Mantine's combobox; its options open in a portal). */
async function choose(page: Page, dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function chooseDay(page: Page, dialog: Locator, label: string, day: string, month: string) {
  await choose(page, dialog, `${label} day`, day);
  await choose(page, dialog, `${label} month`, month);
}

async function openNewProduct(page: Page): Promise<Locator> {
  await productsSection(page).getByRole('button', { name: 'Add product' }).click();
  const dialog = page.getByRole('dialog', { name: 'New savings product' });
  await dialog.waitFor();
  return dialog;
}

describe('Settings › Savings products', () => {
  for (const { viewport, target, shares } of [
    { viewport: DESKTOP, target: 'Christmas Savings', shares: 'Shares' },
    { viewport: PHONE, target: 'Christmas Savings 2027', shares: 'Staff Shares' },
  ]) {
    it(`adds a target product and share capital, a field's problem beside it (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(browser, kobo.baseURL, { viewport });
      const errors = pageErrorsOf(page);
      await signInQuickly(page, admin);
      await page.goto('/settings/savings-products');
      await pageSettled(page, 'Savings products');
      const section = productsSection(page);
      await section.getByRole('article', { name: 'Ordinary savings' }).waitFor();

      const dialog = await openNewProduct(page);
      const save = dialog.getByRole('button', { name: 'Save product' });
      await dialog.getByLabel('Name').fill(target);
      await choose(page, dialog, 'Kind', 'Target savings');
      await chooseDay(page, dialog, 'Window opens', '1', 'December');
      await chooseDay(page, dialog, 'Window closes', '30', 'November');
      await save.click();
      // Core's schema, as typed: each day's problem beside its own selects.
      await expectBeside(dialog.getByRole('combobox', { name: 'Window closes day', exact: true }), MESSAGES.windowClosesBeforeOpens);
      await expectBeside(dialog.getByRole('combobox', { name: 'Pay-out day day', exact: true }), MESSAGES.dayOfYearInvalid);
      // The form with its problems shown, the day-and-month fields included, reads as it should.
      expect(await seriousViolations(page)).toEqual([]);

      await chooseDay(page, dialog, 'Window closes', '31', 'December');
      await chooseDay(page, dialog, 'Pay-out day', '31', 'December');
      expect(await dialog.getByRole('radio', { name: 'Moved to ordinary savings' }).isChecked()).toBe(true);
      await dialog.getByRole('checkbox', { name: 'Allow early withdrawal, outside the window' }).check();
      await dialog.getByRole('radio', { name: 'Percentage' }).check();
      await dialog.getByLabel('Penalty (% of the amount)').fill('500');
      await save.click();
      await expectBeside(dialog.getByLabel('Penalty (% of the amount)'), MESSAGES.penaltyPercentInvalid);
      await dialog.getByLabel('Penalty (% of the amount)').fill('5');
      await save.click();
      await dialog.waitFor({ state: 'detached' });
      await expectText(section, MESSAGES.savingsProductSaved);

      const christmas = section.getByRole('article', { name: target, exact: true });
      await expectText(christmas, 'KindTarget savings');
      await expectText(christmas, `Control account22`);
      await expectText(christmas, `Withdrawal window1 Dec – 31 Dec`);
      await expectText(christmas, 'Pay-out31 Dec: moved to ordinary savings');
      await expectText(christmas, 'Early withdrawalAllowed; penalty 5%');

      const sharesDialog = await openNewProduct(page);
      await sharesDialog.getByLabel('Name').fill(shares);
      await choose(page, sharesDialog, 'Kind', 'Share capital');
      expect(await sharesDialog.getByRole('radio', { name: 'Per share' }).isChecked()).toBe(true);
      await sharesDialog.getByLabel('Price per share (₦)').fill('1000');
      await sharesDialog.getByLabel('Minimum holding (₦)').fill('2500.50');
      await sharesDialog.getByRole('button', { name: 'Save product' }).click();
      await expectBeside(sharesDialog.getByLabel('Minimum holding (₦)'), MESSAGES.minimumHoldingNotWholeShares);
      await sharesDialog.getByLabel('Minimum holding (₦)').fill('25000');
      await sharesDialog.getByRole('button', { name: 'Save product' }).click();
      await sharesDialog.waitFor({ state: 'detached' });

      const shareCard = section.getByRole('article', { name: shares, exact: true });
      await expectText(shareCard, 'KindShare capital');
      await expectText(shareCard, 'Control account30');
      await expectText(shareCard, 'Price₦1,000.00 a share');
      await expectText(shareCard, 'Minimum holding₦25,000.00');

      // The server's refusal goes beside the field it names: a name taken, whatever its case.
      const again = await openNewProduct(page);
      await again.getByLabel('Name').fill(target.toUpperCase());
      await choose(page, again, 'Kind', 'Ordinary savings');
      await again.getByRole('button', { name: 'Save product' }).click();
      await expectBeside(again.getByLabel('Name'), MESSAGES.savingsProductNameTaken);
      await again.getByRole('button', { name: 'Cancel' }).click();

      // What the server holds: a reload lists both.
      await page.reload();
      await pageSettled(page, 'Savings products');
      await productsSection(page).getByRole('article', { name: target, exact: true }).waitFor();
      await productsSection(page).getByRole('article', { name: shares, exact: true }).waitFor();
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    });
  }
});

const env = () => ({ browser, baseURL: kobo.baseURL });

describe('how Settings › Savings products looks', () => {
  itFitsEveryLook(env, {
    name: 'settings-savings-products',
    path: '/settings/savings-products',
    user: () => admin,
    prepare: async (page) => {
      await pageSettled(page, 'Savings products');
      const section = productsSection(page);
      await section.getByRole('article', { name: 'Christmas Savings', exact: true }).waitFor();
      await section.scrollIntoViewIfNeeded();
    },
  });
  itFitsEveryLook(env, {
    name: 'settings-savings-product-form',
    path: '/settings/savings-products',
    user: () => admin,
    prepare: async (page) => {
      await pageSettled(page, 'Savings products');
      const section = productsSection(page);
      await section.getByRole('article', { name: 'Christmas Savings', exact: true }).getByRole('button', { name: 'Edit Christmas Savings' }).click();
      await settledDialog(page, 'Edit Christmas Savings');
    },
  });
});
