import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES, formatNaira } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf, PHONE } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { savingsApi, setApprovalSettings } from './support/savings-seed.ts';
import { expectBeside, expectText, itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let chidi: TestUser;
let busy: TestUser;
const downloads = mkdtempSync(join(tmpdir(), 'kobo-statement-'));

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  const admin = await kobo.createUser('admin');
  // Issue 15: a regular user's own postings are requests unless the organisation lets them post at
  // once. These tests are about posting on one's own account (approvals.test.ts covers the requests).
  await setApprovalSettings(kobo, admin, { twoPersonThreshold: null, memberPostingsDirect: true });
  chidi = await kobo.createUser('user', { name: 'Chidi Okafor' });
  busy = await kobo.createUser('user', { name: 'Kemi Busy' });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
  rmSync(downloads, { recursive: true, force: true });
});


describe('/savings as a regular user', () => {
  it('shows My Savings at zero, posts their own deposits and withdrawals, and refuses an overdraw', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, chidi);
    await page.goto('/savings');
    await page.getByRole('heading', { name: 'My Savings' }).waitFor();
    const balance = page.getByRole('region', { name: 'Current Balance' });
    await expectText(balance, formatNaira(0));
    const history = page.getByRole('region', { name: 'Transaction History' });
    await expectText(history, MESSAGES.noTransactionsFound);

    const form = page.getByRole('region', { name: 'New Transaction' });
    // A regular user posts on their own account: there is no staff member to choose.
    expect(await form.getByLabel('Staff member').count()).toBe(0);
    const submit = form.getByRole('button', { name: 'Process Transaction' });
    await form.getByLabel('Amount (₦)').fill('0');
    await submit.click();
    await expectBeside(form.getByLabel('Amount (₦)'), MESSAGES.enterValidAmount);

    await form.getByLabel('Amount (₦)').fill('2000.50');
    await form.getByLabel('Description (optional)').fill('First saving');
    await submit.click();
    await expectText(form.getByRole('status'), MESSAGES.transactionProcessed);
    await expectText(balance, formatNaira(200_050));
    await expectText(history, 'First saving');
    await expectText(history, `+${formatNaira(200_050)}`);

    await form.getByLabel('Amount (₦)').fill('5000');
    await form.getByRole('radio', { name: 'Withdrawal' }).check();
    await submit.click();
    await expectBeside(form.getByLabel('Amount (₦)'), MESSAGES.insufficientBalanceForWithdrawal);
    await expectText(balance, formatNaira(200_050));

    await form.getByLabel('Amount (₦)').fill('500');
    await submit.click();
    await expectText(form.getByRole('status'), MESSAGES.transactionProcessed);
    await expectText(balance, formatNaira(150_050));
    await expectText(history, `-${formatNaira(50_000)}`);
    // A regular user does not see who processed what: that column is the admin's.
    expect(await history.getByText('Processed by', { exact: false }).count()).toBe(0);
    // SPEC 4/9: the success message clears after 3 seconds.
    await expect.poll(() => form.getByRole('status').count(), { interval: 250 }).toBe(0);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('can be used with the keyboard alone', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, chidi);
    await page.goto('/savings');
    const form = page.getByRole('region', { name: 'New Transaction' });
    await form.getByLabel('Amount (₦)').focus();
    await page.keyboard.type('100');
    await page.keyboard.press('Tab');
    // The Type radios: arrow keys move the choice.
    await page.keyboard.press('ArrowRight');
    expect(await form.getByRole('radio', { name: 'Withdrawal' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Typed, not clicked');
    await page.keyboard.press('Enter');
    await expectText(form.getByRole('status'), MESSAGES.transactionProcessed);
    await expectText(page.getByRole('region', { name: 'Transaction History' }), 'Typed, not clicked');
    await context.close();
  });

  it('pages through a long history', async () => {
    const asBusy = await savingsApi(kobo, busy);
    for (let index = 1; index <= 45; index += 1) {
      await asBusy.post({ type: 'deposit', amount: index, description: `Saving number ${index}` });
    }
    await asBusy.dispose();
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, busy);
    await page.goto('/savings');
    const history = page.getByRole('region', { name: 'Transaction History' });
    await expectText(history, '1–20 of 45');
    expect(await history.getByRole('row').count()).toBe(21);
    await expectText(history, 'Saving number 45');
    await history.getByRole('button', { name: '3' }).click();
    await expectText(history, '41–45 of 45');
    expect(await history.getByRole('row').count()).toBe(6);
    await expectText(history, 'Saving number 1');
    await expectText(page.getByRole('region', { name: 'Current Balance' }), formatNaira(103_500));
    await context.close();
  });

  it('downloads their own statement', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, chidi);
    await page.goto('/savings');
    const statement = page.getByRole('region', { name: 'Statement' });
    await statement.getByLabel('From').fill('');
    await statement.getByRole('button', { name: 'Download Statement' }).click();
    await expectText(statement.getByRole('alert'), MESSAGES.selectBothDates);
    await statement.getByLabel('From').fill('2020-01-01');
    const [download] = await Promise.all([page.waitForEvent('download'), statement.getByRole('button', { name: 'Download Statement' }).click()]);
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const rows = (workbook.getWorksheet('Statement')?.getSheetValues() ?? []).slice(2) as unknown[][];
    expect(rows.slice(1, -1).map((row) => [row[2], row[3], row[6], row[7]])).toEqual([
      ['Deposit', 'First saving', 2000.5, 2000.5],
      ['Withdrawal', undefined, -500, 1500.5],
      ['Withdrawal', 'Typed, not clicked', -100, 1400.5],
    ]);
    expect(rows.at(-1)?.[7]).toBe(1400.5);
    await context.close();
  });
});

describe('/savings for other roles', () => {
  it('tells a manager they are not authorized', async () => {
    const manager = await kobo.createUser('manager');
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, manager);
    await page.goto('/savings');
    await expectText(page.getByRole('main'), MESSAGES.savingsNotAuthorized);
    expect(await page.getByRole('region', { name: 'New Transaction' }).count()).toBe(0);
    await context.close();
  });
});

describe('how My Savings looks', () => {
  let manager: TestUser;
  beforeAll(async () => {
    manager = await kobo.createUser('manager');
  });

  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'savings-user',
    path: '/savings',
    user: () => busy,
    prepare: (page) => page.getByRole('region', { name: 'Transaction History' }).getByText('Saving number 45').first().waitFor(),
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'savings-manager',
    path: '/savings',
    user: () => manager,
    prepare: (page) => page.getByText(MESSAGES.savingsNotAuthorized).waitFor(),
  });
});
