import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MESSAGES, formatNaira } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf, screenshot, PHONE } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { expectBeside, expectText, itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';
import { pathOf, signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let regular: TestUser;
let tunde: SeededStaff;
let amaka: SeededStaff;
let asAdmin: Awaited<ReturnType<typeof savingsApi>>;
const downloads = mkdtempSync(join(tmpdir(), 'kobo-statement-'));

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  regular = await kobo.createUser('user', { name: 'Chidi Regular' });
  asAdmin = await savingsApi(kobo, admin);
  tunde = await asAdmin.createStaff({ name: 'Tunde Bello', email: 'tunde.bello@kobo.test' });
  amaka = await asAdmin.createStaff({ name: 'Amaka Eze', email: 'amaka.eze@kobo.test' });
});
afterAll(async () => {
  await asAdmin?.dispose();
  await browser?.close();
  await kobo?.stop();
  rmSync(downloads, { recursive: true, force: true });
});

async function adminPage(path: string, viewport?: { width: number; height: number }) {
  const opened = await newPage(browser, kobo.baseURL, viewport ? { viewport } : {});
  await signInQuickly(opened.page, admin);
  await opened.page.goto(path);
  return opened;
}


async function chooseOption(page: Page, field: Locator, text: string) {
  await field.click();
  await field.fill(text);
  await page.getByRole('option', { name: new RegExp(text) }).first().click();
}

describe('/savings as an admin', () => {
  it('lists everyone but admins, searches by name, email or role, and opens the chosen one', async () => {
    const { context, page } = await adminPage('/savings');
    await page.getByRole('heading', { name: 'Staff Savings' }).waitFor();
    const list = page.getByRole('list', { name: 'Staff' });
    await list.getByRole('link').first().waitFor();
    const names = async () => (await list.getByRole('link').allTextContents()).join(' | ');
    await expect.poll(names).toContain('Tunde Bello');
    expect(await names()).toContain('Amaka Eze');
    expect(await names()).toContain('Chidi Regular');
    expect(await names()).not.toContain('Ngozi Admin');
    expect(await names()).toContain(formatNaira(0));

    const search = page.getByLabel('Search staff');
    await search.fill('amaka');
    await expect.poll(names).not.toContain('Tunde Bello');
    expect(await names()).toContain('Amaka Eze');
    await search.fill('tunde.bello@');
    await expect.poll(names).not.toContain('Amaka Eze');
    expect(await names()).toContain('Tunde Bello');
    await search.fill('user');
    await expect.poll(names).not.toContain('Tunde Bello');
    expect(await names()).toContain('Chidi Regular');
    await search.fill('nobody-like-this');
    await expectText(page.getByRole('region', { name: 'Select Staff Member' }), MESSAGES.noStaffFound);

    await search.fill('amaka');
    await list.getByRole('link', { name: /Amaka Eze/ }).click();
    await page.waitForURL(`**/savings/${amaka.staffId}`);
    await page.getByRole('heading', { name: 'Staff Savings Detail' }).waitFor();
    await expectText(page.getByRole('region', { name: 'Staff summary' }), 'Amaka Eze');
    await expectText(page.getByRole('region', { name: 'Staff summary' }), amaka.staffId);

    await page.getByRole('link', { name: 'Back to Staff List' }).click();
    await page.waitForURL('**/savings');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('adds new staff with every create-staff message, then lists them with the next staff ID', async () => {
    const { context, page } = await adminPage('/savings', PHONE);
    await page.getByRole('button', { name: 'Add New Staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Staff' });
    await dialog.waitFor();
    const banner = dialog.getByRole('alert');
    const create = dialog.getByRole('button', { name: 'Create Staff' });

    // Issue 34: every empty field at once, each beside itself, the banner a summary; then one at a time, beside its field.
    await create.click();
    await expectText(banner, '3 fields need attention');
    await expectBeside(dialog.getByLabel('Email'), MESSAGES.staffInvalidEmail);
    await expectBeside(dialog.getByLabel('Password', { exact: true }), MESSAGES.staffWeakPassword);
    await expectBeside(dialog.getByLabel('Full Name'), MESSAGES.staffNameRequired);
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Full Name').fill('Bisi Ade');
    await dialog.getByLabel('Password', { exact: true }).fill('12345');
    await create.click();
    await expectBeside(dialog.getByLabel('Email'), MESSAGES.staffInvalidEmail);
    await expectBeside(dialog.getByLabel('Password', { exact: true }), MESSAGES.staffWeakPassword);
    await dialog.getByLabel('Email').fill(tunde.email);
    await dialog.getByLabel('Password', { exact: true }).fill('secret1');
    await dialog.getByLabel('Phone Number (optional)').fill('call me');
    await create.click();
    await expectBeside(dialog.getByLabel('Phone Number (optional)'), MESSAGES.staffInvalidPhone);
    await dialog.getByLabel('Phone Number (optional)').fill('+234 803 000 0000');
    await screenshot(page, 'savings-add-staff-375-light');
    // The server refuses an email that already has an account, in the spec's words.
    await create.click();
    await expectText(banner, MESSAGES.staffEmailInUse);

    // A lost connection and a server failure have their own sentences.
    await page.route('**/api/savings/staff', (route) => route.abort('internetdisconnected'));
    await dialog.getByLabel('Email').fill('bisi.ade@kobo.test');
    await create.click();
    await expectText(banner, MESSAGES.staffNetworkError);
    await page.unroute('**/api/savings/staff');
    await page.route('**/api/savings/staff', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: 'TOO_MANY_REQUESTS', message: 'Rate limit exceeded' }) }),
    );
    await create.click();
    await expectText(banner, MESSAGES.staffTooManyAttempts);
    await page.unroute('**/api/savings/staff');
    await page.route('**/api/savings/staff', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'INTERNAL', message: MESSAGES.serverError }) }),
    );
    await create.click();
    await expectText(banner, MESSAGES.createStaffFailed);
    await page.unroute('**/api/savings/staff');

    await create.click();
    await dialog.waitFor({ state: 'detached' });
    const success = page.getByRole('status').filter({ hasText: MESSAGES.staffCreated });
    await expectText(success, 'STF003');
    await expectText(page.getByRole('list', { name: 'Staff' }), 'Bisi Ade');
    // SPEC 4/9: success messages clear after 3 seconds.
    await expect.poll(() => success.count(), { interval: 250 }).toBe(0);

    // The new staff member can sign in and sees their own account at zero.
    const staff = await newPage(browser, kobo.baseURL);
    await signInQuickly(staff.page, { email: 'bisi.ade@kobo.test', password: 'secret1' });
    await staff.page.goto('/staff-savings');
    await expectText(staff.page.getByRole('region', { name: 'Current Balance' }), 'STF003');
    await expectText(staff.page.getByRole('region', { name: 'Current Balance' }), formatNaira(0));
    await staff.context.close();
    await context.close();
  });

  it('posts a deposit for a chosen staff member from /savings, in the order SPEC 5 checks', async () => {
    const { context, page } = await adminPage('/savings');
    const form = page.getByRole('region', { name: 'New Transaction' });
    await form.waitFor();
    const submit = form.getByRole('button', { name: 'Process Transaction' });

    // Issue 34: both at once, each beside its field, the banner a summary; then one at a time.
    await submit.click();
    await expectText(form.getByRole('alert'), '2 fields need attention');
    await expectBeside(form.getByLabel('Amount (₦)'), MESSAGES.enterValidAmount);
    await expectBeside(form.getByLabel('Staff member'), MESSAGES.selectStaffMember);
    await form.getByLabel('Amount (₦)').fill('0');
    await submit.click();
    await expectBeside(form.getByLabel('Amount (₦)'), MESSAGES.enterValidAmount);
    await form.getByLabel('Amount (₦)').fill('2500');
    await submit.click();
    await expectBeside(form.getByLabel('Staff member'), MESSAGES.selectStaffMember);

    await chooseOption(page, form.getByLabel('Staff member'), 'Tunde Bello');
    await submit.click();
    await expectText(form.getByRole('status'), MESSAGES.transactionProcessed);
    expect(await form.getByRole('alert').count()).toBe(0);
    await expect.poll(() => form.getByLabel('Amount (₦)').inputValue()).toBe('');
    await expectText(page.getByRole('list', { name: 'Staff' }).getByRole('link', { name: /Tunde Bello/ }), formatNaira(250_000));
    await expect.poll(() => form.getByRole('status').count(), { interval: 250 }).toBe(0);
    await context.close();
  });
});

describe('/savings/{staffId}', () => {
  it('shows the summary, period cards and history, and refuses an overdraw', async () => {
    await asAdmin.post({ userId: amaka.id, type: 'deposit', amount: '10000', description: 'Opening savings' });
    const { context, page } = await adminPage(`/savings/${amaka.staffId}`);
    await page.getByRole('heading', { name: 'Staff Savings Detail' }).waitFor();

    const period = page.getByRole('radiogroup', { name: 'Period' });
    expect(await period.getByRole('radio', { name: 'This Month' }).isChecked()).toBe(true);
    const card = (name: string) => page.getByRole('group', { name, exact: true });
    await expectText(card('Balance'), formatNaira(1_000_000));
    await expectText(card('Inflow'), formatNaira(1_000_000));
    await expectText(card('Outflow'), formatNaira(0));
    await expectText(card('Net'), formatNaira(1_000_000));
    const history = page.getByRole('region', { name: 'Transactions: This Month' });
    await expectText(history, 'Opening savings');
    // Admins see who processed each transaction.
    await expectText(history.getByRole('columnheader', { name: 'Processed By' }), 'Processed By');
    await expectText(history, admin.email);

    const form = page.getByRole('region', { name: 'New Transaction' });
    await form.getByLabel('Amount (₦)').fill('10000.01');
    await form.getByRole('radio', { name: 'Withdrawal' }).check();
    await form.getByRole('button', { name: 'Process Transaction' }).click();
    await expectBeside(form.getByLabel('Amount (₦)'), MESSAGES.insufficientBalanceForWithdrawal);
    await expectText(card('Balance'), formatNaira(1_000_000));

    await form.getByLabel('Amount (₦)').fill('1,250.50');
    await form.getByLabel('Description (optional)').fill('School fees');
    await form.getByRole('button', { name: 'Process Transaction' }).click();
    await expectText(form.getByRole('status'), MESSAGES.transactionProcessed);
    await expectText(card('Balance'), formatNaira(874_950));
    await expectText(card('Outflow'), formatNaira(125_050));
    await expectText(card('Net'), formatNaira(874_950));
    await expectText(history, 'School fees');
    await expectText(history, `-${formatNaira(125_050)}`);

    // The period lives in the address and changes the history's heading.
    await period.getByText('This Year').click();
    await page.waitForURL('**?period=year');
    await page.getByRole('region', { name: 'Transactions: This Year' }).waitFor();
    await period.getByText('This Week').click();
    await page.waitForURL('**?period=week');
    await page.getByRole('region', { name: 'Transactions: This Week' }).waitFor();
    await period.getByText('This Month').click();
    await page.getByRole('region', { name: 'Transactions: This Month' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('posts once when the answer is lost and the admin presses again (Idempotency-Key)', async () => {
    const { context, page } = await adminPage(`/savings/${tunde.staffId}`);
    const form = page.getByRole('region', { name: 'New Transaction' });
    await form.waitFor();
    const keys: string[] = [];
    await page.route('**/api/savings/transactions', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      const response = await route.fetch();
      // The first answer never reaches the browser, though the server did post.
      if (keys.length === 1) return route.abort('connectionreset');
      return route.fulfill({ response });
    });
    await form.getByLabel('Amount (₦)').fill('777');
    await form.getByLabel('Description (optional)').fill('Retried deposit');
    await form.getByRole('button', { name: 'Process Transaction' }).click();
    await expectText(form.getByRole('alert'), MESSAGES.processTransactionFailed);
    await form.getByRole('button', { name: 'Process Transaction' }).click();
    await expectText(form.getByRole('status'), MESSAGES.transactionProcessed);

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const history = page.getByRole('region', { name: /^Transactions:/ });
    await expectText(history, 'Retried deposit');
    expect(await history.getByText('Retried deposit').count()).toBe(1);

    // A new submission is a new request, with a new key.
    await form.getByLabel('Amount (₦)').fill('777');
    await form.getByLabel('Description (optional)').fill('Retried deposit');
    await form.getByRole('button', { name: 'Process Transaction' }).click();
    await expect.poll(() => history.getByText('Retried deposit').count()).toBe(2);
    expect(keys[2]).not.toBe(keys[0]);
    await context.close();
  });

  it('transfers to another holder, never to itself or an admin, with every transfer message', async () => {
    const before = await asAdmin.post({ userId: tunde.id, type: 'deposit', amount: '3000' });
    const { context, page } = await adminPage(`/savings/${tunde.staffId}`);
    await page.getByRole('button', { name: 'Transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer from Tunde Bello' });
    await dialog.waitFor();
    await expectText(dialog, formatNaira(before.account.balanceKobo));
    const banner = dialog.getByRole('alert');
    const send = dialog.getByRole('button', { name: 'Process Transfer' });

    await send.click();
    // Both empty fields are flagged at once, each beside itself, the banner summing up (decision 060).
    await expectBeside(dialog.getByLabel('Transfer to'), MESSAGES.selectTransferRecipient);
    await expectBeside(dialog.getByLabel('Amount (₦)'), MESSAGES.enterValidAmount);
    await expectText(banner, '2 fields need attention');
    await dialog.getByLabel('Transfer to').click();
    const options = await page.getByRole('option').allTextContents();
    expect(options.join(' | ')).toContain('Amaka Eze');
    expect(options.join(' | ')).toContain('Chidi Regular');
    expect(options.join(' | ')).not.toContain('Tunde Bello');
    expect(options.join(' | ')).not.toContain('Ngozi Admin');
    await page.getByRole('option', { name: /Amaka Eze/ }).click();
    await send.click();
    await expectBeside(dialog.getByLabel('Amount (₦)'), MESSAGES.enterValidAmount);
    await dialog.getByLabel('Amount (₦)').fill(String(before.account.balanceKobo / 100 + 0.01));
    await send.click();
    await expectBeside(dialog.getByLabel('Amount (₦)'), MESSAGES.transferExceedsBalance);
    await screenshot(page, 'savings-transfer-1280-light');

    // Someone else withdraws meanwhile: the server, holding the lock, has the last word.
    await asAdmin.post({ userId: tunde.id, type: 'withdrawal', amount: '1000' });
    await dialog.getByLabel('Amount (₦)').fill(String(before.account.balanceKobo / 100));
    await send.click();
    await expectBeside(dialog.getByLabel('Amount (₦)'), MESSAGES.insufficientBalanceForTransfer);

    await dialog.getByLabel('Amount (₦)').fill('1500');
    await dialog.getByLabel('Description (optional)').fill('Loan repayment');
    await send.click();
    await dialog.waitFor({ state: 'detached' });
    await expectText(page.getByRole('status').filter({ hasText: MESSAGES.transferProcessed }), MESSAGES.transferProcessed);
    const history = page.getByRole('region', { name: /^Transactions:/ });
    await expectText(history, 'To Amaka Eze');
    await expectText(history, `-${formatNaira(150_000)}`);

    await page.goto(`/savings/${amaka.staffId}`);
    await expectText(page.getByRole('region', { name: /^Transactions:/ }), 'From Tunde Bello');
    await context.close();
  });

  it('downloads a statement as .xlsx with opening, running and closing balances', async () => {
    const { context, page } = await adminPage(`/savings/${amaka.staffId}`);
    const statement = page.getByRole('region', { name: 'Statement' });
    await statement.waitFor();
    const today = await page.evaluate(() => {
      const now = new Date();
      return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    });
    await expect.poll(() => statement.getByLabel('To').inputValue()).toBe(today);
    await expect.poll(() => statement.getByLabel('From').inputValue()).toBe(`${today.slice(0, 8)}01`);

    await statement.getByLabel('From').fill('2030-01-02');
    await statement.getByLabel('To').fill('2030-01-01');
    await statement.getByRole('button', { name: 'Download Statement' }).click();
    await expectBeside(statement.getByLabel('To'), MESSAGES.endBeforeStart);

    await page.route('**/api/savings/statement/export*', (route) => route.abort('failed'));
    await statement.getByLabel('From').fill(today);
    await statement.getByLabel('To').fill(today);
    await statement.getByRole('button', { name: 'Download Statement' }).click();
    await expectText(statement.getByRole('alert'), MESSAGES.exportFailed);
    await page.unroute('**/api/savings/statement/export*');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      statement.getByRole('button', { name: 'Download Statement' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-${amaka.staffId}-${today}-to-${today}.xlsx`);
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    expect(await statement.getByRole('alert').count()).toBe(0);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet('Statement');
    if (!sheet) throw new Error('no Statement sheet');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Value Date', 'Type', 'Description', 'Counterparty', 'Processed By', 'Amount', 'Balance', 'Recorded']);
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    expect(String(rows[0]?.[3])).toContain('Opening balance (Amaka Eze)');
    expect(rows[0]?.[7]).toBe(0);
    const types = rows.slice(1, -1).map((row) => row[2]);
    expect(types).toEqual(['Deposit', 'Withdrawal', 'Transfer in']);
    expect(rows.slice(1, -1).map((row) => row[7])).toEqual([10000, 8749.5, 10249.5]);
    expect(rows.at(-1)?.[3]).toBe('Closing balance');
    expect(rows.at(-1)?.[7]).toBe(10249.5);
    await context.close();
  });

  it('says so when no such savings account exists', async () => {
    const { context, page } = await adminPage('/savings/STF999');
    await expectText(page.getByRole('alert'), MESSAGES.noSavingsAccount);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('sends everyone else back to /savings, where a manager is refused', async () => {
    const manager = await kobo.createUser('manager');
    for (const who of [regular, manager]) {
      const { context, page } = await newPage(browser, kobo.baseURL);
      await signInQuickly(page, who);
      await page.goto(`/savings/${tunde.staffId}`);
      await page.waitForURL('**/savings');
      expect(pathOf(page)).toBe('/savings');
      if (who === manager) await expectText(page.getByRole('main'), MESSAGES.savingsNotAuthorized);
      else await page.getByRole('heading', { name: 'My Savings' }).waitFor();
      await context.close();
    }
  });
});

describe('how the admin screens look', () => {
  beforeAll(async () => {
    // Enough history for the pager to show.
    for (let index = 1; index <= 24; index += 1) {
      await asAdmin.post({ userId: amaka.id, type: 'deposit', amount: `${index}.25`, description: `Weekly saving ${index}` });
    }
  });

  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'savings-admin',
    path: '/savings',
    user: () => admin,
    prepare: (page) => page.getByRole('list', { name: 'Staff' }).getByRole('link').first().waitFor(),
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'savings-detail',
    path: () => `/savings/${amaka.staffId}`,
    user: () => admin,
    prepare: (page) => page.getByRole('region', { name: /^Transactions:/ }).getByText(/ of \d+$/).waitFor(),
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'savings-transfer',
    path: () => `/savings/${tunde.staffId}`,
    user: () => admin,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Transfer' }).click();
      await page.getByRole('dialog').getByLabel('Transfer to').waitFor();
    },
  });
});
