import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@kobo/core';
import { seriousViolations } from './support/axe.ts';
import { launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { expenseApi } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectText, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let user: TestUser;
let receiptPng: Buffer;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  user = await kobo.createUser('user', { name: 'Tunde User' });
  await (await expenseApi(kobo, admin)).addCategory('Fuel', { color: '#F7B731', icon: 'FaToolbox' });
  // A till receipt of sorts: a tall light image with dark bands, small enough to stay as it is.
  receiptPng = await sharp({ create: { width: 300, height: 600, channels: 3, background: '#fdfcf7' } })
    .composite([0, 1, 2, 3, 4].map((row) => ({ input: { create: { width: 220, height: 14, channels: 3, background: '#333333' } }, top: 60 + row * 80, left: 40 })))
    .png()
    .toBuffer();
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('receipts', () => {
  it('an admin sets "receipt required above"; the form says so beside Receipts, then takes the expense with a receipt that opens from its card', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/settings/receipts');
    await pageSettled(page, 'Receipts');
    const section = page.getByRole('region', { name: 'Receipts' });
    await section.getByRole('switch', { name: 'Require a receipt for large expenses' }).check({ force: true });
    await section.getByLabel('Receipt required above (₦)').fill('50,000');
    await section.getByRole('button', { name: 'Save receipt settings' }).click();
    await expectText(section.getByRole('status'), MESSAGES.receiptSettingsSaved);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'receipts-settings-desktop');
    await context.close();

    const signedIn = await newPage(browser, kobo.baseURL);
    const userPage = signedIn.page;
    await signInQuickly(userPage, user);
    await userPage.goto('/expenses/create');
    await pageSettled(userPage, 'Add Expense');
    const receipts = userPage.getByRole('group', { name: 'Receipts' });
    await expectText(receipts, 'A receipt is required for expenses above ₦50,000.00');
    await choose(userPage, 'Item', 'Fuel');
    await userPage.getByLabel('Amount').fill('60000');
    await userPage.getByRole('button', { name: 'Add Expense', exact: true }).click();
    await expectText(receipts.getByRole('alert'), 'A receipt is required for expenses above ₦50,000.00');
    expect(await receipts.getAttribute('aria-describedby')).toBeTruthy();

    // Chosen through the button, as a person would; the upload starts at once.
    const chooser = userPage.waitForEvent('filechooser');
    await receipts.getByRole('button', { name: 'Attach receipt' }).click();
    await (await chooser).setFiles({ name: 'till.png', mimeType: 'image/png', buffer: receiptPng });
    await expectText(receipts.getByRole('list', { name: 'Attached receipts' }), 'till.png');
    await screenshot(userPage, 'receipts-form-desktop');
    expect(await seriousViolations(userPage)).toEqual([]);
    await userPage.getByRole('button', { name: 'Add Expense', exact: true }).click();
    await expectText(userPage.getByRole('status').filter({ hasText: MESSAGES.expenseAdded }), MESSAGES.expenseAdded);

    await userPage.goto('/expenses?time=all');
    await pageSettled(userPage, 'My Expenses');
    const paperclip = userPage.getByRole('button', { name: /^1 receipt: Fuel, ₦60,000\.00/ });
    await paperclip.first().waitFor();
    await screenshot(userPage, 'receipts-list-desktop');
    await paperclip.first().focus();
    await userPage.keyboard.press('Enter');
    const viewer = userPage.getByRole('dialog');
    const image = viewer.getByRole('img', { name: 'Receipt: till.png' });
    await image.waitFor();
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(300);
    await screenshot(userPage, 'receipts-viewer-desktop');
    expect(await seriousViolations(userPage)).toEqual([]);
    await userPage.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    // Editing shows the receipt; taking the only one off an expense above the amount is refused beside Receipts.
    await userPage.getByRole('link', { name: /^Edit expense: Fuel, ₦60,000\.00/ }).first().click();
    await pageSettled(userPage, 'Edit Expense');
    const editReceipts = userPage.getByRole('group', { name: 'Receipts' });
    await editReceipts.getByRole('button', { name: 'Remove receipt till.png' }).click();
    await userPage.getByRole('button', { name: 'Save Changes' }).click();
    await expectText(editReceipts.getByRole('alert'), 'A receipt is required for expenses above ₦50,000.00');
    expect(unexpectedErrors(pageErrorsOf(userPage))).toEqual([]);
    await signedIn.context.close();
  });

  it('shows the server’s refusal beside Receipts when the rule changed after the form loaded', async () => {
    const asAdmin = await newPage(browser, kobo.baseURL);
    await signInQuickly(asAdmin.page, admin);
    expect((await asAdmin.page.request.put('/api/settings/receipts', { data: { requiredAbove: '50,000' } })).status()).toBe(200);
    await asAdmin.context.close();

    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, user);
    // The form read the setting before the admin set it: it knows of no rule, so only the server refuses.
    await page.route('**/api/settings/receipts', (route) => route.fulfill({ json: { settings: { requiredAboveKobo: null } } }));
    await page.goto('/expenses/create');
    await pageSettled(page, 'Add Expense');
    const receipts = page.getByRole('group', { name: 'Receipts' });
    await choose(page, 'Item', 'Fuel');
    await page.getByLabel('Amount').fill('75000');
    await page.getByRole('button', { name: 'Add Expense', exact: true }).click();
    await expectText(receipts.getByRole('alert'), 'A receipt is required for expenses above ₦50,000.00');
    await context.close();
  });

  it('on a phone, in light and dark, offers the camera and opens the receipt full screen', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE, colorScheme });
      await signInQuickly(page, user);
      await page.goto('/expenses/create');
      await pageSettled(page, 'Add Expense');
      const camera = page.locator('input[type=file][capture=environment]');
      expect(await camera.getAttribute('accept')).toBe('image/*');
      await page.getByRole('button', { name: 'Take photo' }).waitFor();
      await screenshot(page, `receipts-form-phone-${colorScheme}`);
      await page.goto('/expenses?time=all');
      await pageSettled(page, 'My Expenses');
      await page.getByRole('button', { name: /^1 receipt: Fuel/ }).first().click();
      await page.getByRole('dialog').getByRole('img', { name: 'Receipt: till.png' }).waitFor();
      await screenshot(page, `receipts-viewer-phone-${colorScheme}`);
      expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
      await context.close();
    }
  });
});
