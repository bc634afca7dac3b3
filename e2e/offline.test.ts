import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MESSAGES, formatNaira, type MySavings } from '@kobo/core';
import { launchBrowser, newPage, PHONE } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { savingsApi, setApprovalSettings, type SeededStaff } from './support/savings-seed.ts';
import { expectText } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let tunde: SeededStaff;
let asAdmin: Awaited<ReturnType<typeof savingsApi>>;

// 14:05 and 16:40 in Lagos, where these browsers' clocks are (e2e/support/browser.ts).
const FETCHED_AT = new Date('2026-11-23T13:05:00Z');
const LATER = new Date('2026-11-23T15:40:00Z');

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  // Regular users' own postings post at once here (issue 15's requests are approvals.test.ts's).
  await setApprovalSettings(kobo, admin, { twoPersonThreshold: null, memberPostingsDirect: true });
  asAdmin = await savingsApi(kobo, admin);
  tunde = await asAdmin.createStaff({ name: 'Tunde Bello' });
  await asAdmin.post({ userId: tunde.id, type: 'deposit', amount: '5000', description: 'Salary savings' });
});
afterAll(async () => {
  await asAdmin?.dispose();
  await browser?.close();
  await kobo?.stop();
});

/** A signed-in phone with the service worker allowed, its clock at `FETCHED_AT`. */
async function phoneOf(user: Pick<TestUser, 'email' | 'password'>): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, kobo.baseURL, { viewport: PHONE, serviceWorkers: 'allow' });
  await opened.context.clock.setFixedTime(FETCHED_AT);
  await signInQuickly(opened.page, user);
  return opened;
}

/** The service worker has the shell and controls the page: from here a reload works offline. */
async function workerInCharge(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
}

async function mySavings(page: Page): Promise<MySavings> {
  const response = await page.request.get('/api/savings/me');
  expect(response.status()).toBe(200);
  return (await response.json()) as MySavings;
}

describe('offline, honestly (issue 13)', () => {
  it('opens a visited page with its last data and the time it was fetched: My Savings shows the last balance', async () => {
    const { context, page } = await phoneOf(tunde);
    await page.goto('/staff-savings');
    const balance = page.getByRole('region', { name: 'Current Balance' });
    await expectText(balance, formatNaira(500_000));
    await workerInCharge(page);
    // Online, nothing says offline.
    expect(await page.getByText(MESSAGES.offlineAsOf).count()).toBe(0);

    // Later, with no connection, and the balance changed meanwhile on the server.
    await asAdmin.post({ userId: tunde.id, type: 'deposit', amount: '1000' });
    await context.clock.setFixedTime(LATER);
    await context.setOffline(true);
    await page.reload();
    await expectText(page.getByRole('status').filter({ hasText: MESSAGES.offlineAsOf }), `${MESSAGES.offlineAsOf} 14:05`);
    await expectText(balance, formatNaira(500_000));
    await expectText(page.getByRole('region', { name: 'Transaction History' }), 'Salary savings');

    // Back online: the fresh balance, and the notice goes.
    await context.setOffline(false);
    await page.reload();
    await expectText(balance, formatNaira(600_000));
    expect(await page.getByText(MESSAGES.offlineAsOf).count()).toBe(0);
    await context.close();
  });

  it('asks the server for a second visit while online: the page comes rendered with the balance, not as the stored shell', async () => {
    const { context, page } = await phoneOf(tunde);
    await page.goto('/staff-savings');
    await workerInCharge(page);
    const { account } = await mySavings(page);
    const again = await page.goto('/staff-savings');
    expect(again?.fromServiceWorker()).toBe(true);
    // The precached shell is data-free: only the page the server drew holds the balance.
    expect(await again?.text()).toContain(formatNaira(account.balanceKobo));
    await context.close();
  });

  it("says \"You're offline\" on a page this phone never loaded, not 'Something went wrong'", async () => {
    const chidi = await kobo.createUser('user', { name: 'Chidi Okafor' });
    const { context, page } = await phoneOf(chidi);
    await page.goto('/savings');
    await page.getByRole('heading', { name: 'My Savings' }).waitFor();
    await workerInCharge(page);
    await context.setOffline(true);
    await page.goto('/expenses');
    await expectText(page.getByRole('alert').filter({ hasText: MESSAGES.youAreOffline }), MESSAGES.youAreOffline);
    expect(await page.getByText(MESSAGES.serverError).count()).toBe(0);
    // The items behind the filter failed the same way: said once, not as 'Error loading categories'.
    expect(await page.getByText(MESSAGES.errorLoadingCategories).count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: MESSAGES.youAreOffline }).count()).toBe(1);
    // The Add Expense form, never opened here either, says so too.
    await page.goto('/expenses/create');
    await expectText(page.getByRole('alert').filter({ hasText: MESSAGES.youAreOffline }), MESSAGES.youAreOffline);
    expect(await page.getByText(MESSAGES.errorLoadingCategories).count()).toBe(0);
    await context.close();
  });

  it("says \"You're offline\" in the report's table when its rows could not be fetched, not 'Error loading expenses'", async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, admin);
    await page.goto('/reports');
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    // The summary arrives; the connection drops before the rows do. The two are asked for
    // together, so the rows wait for the summary's answer: going offline sooner would take the
    // summary down too, and with it the table this test reads.
    const summaryArrived = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/reports');
    await page.route('**/api/reports/rows?**', async (route) => {
      await summaryArrived;
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    const form = page.getByRole('region', { name: 'Report period' });
    await form.getByLabel('Start Date').fill('2026-01-01');
    await form.getByLabel('End Date').fill('2026-01-31');
    await form.getByRole('button', { name: 'Generate Report' }).click();
    const table = page.getByRole('region', { name: 'Expenses in the report' });
    await expectText(table.getByRole('alert'), MESSAGES.youAreOffline);
    expect(await table.getByText(MESSAGES.loadExpensesFailed).count()).toBe(0);
    await context.close();
  });

  it('keeps what was typed in a form sent offline, says it was not sent, and posts nothing', async () => {
    const amara = await kobo.createUser('user', { name: 'Amara Obi' });
    const { context, page } = await phoneOf(amara);
    await page.goto('/savings');
    const form = page.getByRole('region', { name: 'New Transaction' });
    await form.getByLabel('Amount (₦)').waitFor();
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/savings/transactions')) posts += 1;
    });

    await context.setOffline(true);
    await form.getByLabel('Amount (₦)').fill('2500');
    await form.getByLabel('Description (optional)').fill('Market day');
    await form.getByRole('button', { name: 'Process Transaction' }).click();
    await expectText(form.getByRole('alert'), MESSAGES.offlineNotSent);
    expect(await form.getByLabel('Amount (₦)').inputValue()).toBe('2,500');
    expect(await form.getByLabel('Description (optional)').inputValue()).toBe('Market day');
    expect(posts).toBe(0);

    // Nothing was queued to go later: back online, the account is still empty.
    await context.setOffline(false);
    await page.waitForTimeout(500);
    expect((await mySavings(page)).transactions).toEqual([]);
    // Sent again online, it posts once.
    await form.getByRole('button', { name: 'Process Transaction' }).click();
    await expectText(form.getByRole('status'), MESSAGES.transactionProcessed);
    await expectText(page.getByRole('region', { name: 'Current Balance' }), formatNaira(250_000));
    expect(posts).toBe(1);
    await context.close();
  });

  it('posts a deposit once when its answer was lost and it is sent again, with the same Idempotency-Key', async () => {
    const bola = await kobo.createUser('user', { name: 'Bola Ade' });
    const { context, page } = await phoneOf(bola);
    await page.goto('/savings');
    const form = page.getByRole('region', { name: 'New Transaction' });
    await form.getByLabel('Amount (₦)').waitFor();
    const keys: string[] = [];
    // The first time the server posts it, and the answer never reaches the phone.
    await page.route('**/api/savings/transactions', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (keys.length === 1) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await form.getByLabel('Amount (₦)').fill('1200');
    await form.getByRole('button', { name: 'Process Transaction' }).click();
    await expectText(form.getByRole('alert'), MESSAGES.processTransactionFailed);
    expect(await form.getByLabel('Amount (₦)').inputValue()).toBe('1,200');
    await form.getByRole('button', { name: 'Process Transaction' }).click();
    await expectText(form.getByRole('status'), MESSAGES.transactionProcessed);

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const { transactions, account } = await mySavings(page);
    expect(transactions.map((entry) => `${entry.type} ${entry.amountKobo}`)).toEqual(['deposit 120000']);
    expect(account.balanceKobo).toBe(120_000);
    await context.close();
  });

  it('forgets the kept answers on sign-out', async () => {
    const { context, page } = await phoneOf(tunde);
    await page.goto('/staff-savings');
    await expectText(page.getByRole('region', { name: 'Current Balance' }), formatNaira(600_000));
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('kobo.offline.')).length)).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('kobo.offline.')))).toEqual([]);
    await context.close();
  });
});
