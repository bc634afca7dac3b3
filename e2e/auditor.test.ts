import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '@kobo/core';
import { EACH_WIDTH, launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { pathOf, signInQuickly } from './support/session.ts';
import { choose, tablesSettled } from './support/users-seed.ts';

/** Issue 27: the auditor reads the scheme, on a phone and on a desktop, and is offered nothing that changes it. */
let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let auditor: TestUser;
let tunde: SeededStaff;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  auditor = await kobo.createUser('auditor', { name: 'Kemi Auditor' });
  const asAdmin = await savingsApi(kobo, admin);
  tunde = await asAdmin.createStaff({ name: 'Tunde Bello' });
  await asAdmin.post({ userId: tunde.id, type: 'deposit', amount: '1,250.50' });
  await asAdmin.dispose();
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

describe('the auditor', () => {
  it.each(EACH_WIDTH)('finds the screens they read in the navigation (%i px)', async (width, viewport) => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport });
    await signInQuickly(page, auditor);
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    // A phone keeps the navigation in a drawer; a desktop shows it beside the page.
    if (width === PHONE.width) await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    const links = await nav.getByRole('link').allTextContents();
    expect(links.map((text) => text.trim())).toEqual(['Dashboard', 'Expenses', 'Staff Savings', 'Loans', 'Reports', 'Books', 'Audit Log', 'Profile', 'Settings']);
    expect(pageErrorsOf(page)).toEqual([]);
    await context.close();
  });

  it.each(EACH_WIDTH)('opens a holder’s savings page with no Deposit, Withdrawal, Transfer or Reverse (%i px)', async (width, viewport) => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport });
    await signInQuickly(page, auditor);
    await page.goto('/savings');
    await page.getByRole('heading', { name: 'Staff Savings' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add New Staff' }).count()).toBe(0);
    await page.getByRole('link', { name: /Tunde Bello/ }).first().click();
    await page.waitForURL(`**/savings/${tunde.staffId}`);
    await page.getByRole('heading', { name: 'Staff Savings Detail' }).waitFor();
    await expect.poll(() => page.getByText('₦1,250.50').first().isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'New Transaction' }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Deposit' }).count()).toBe(0);
    expect(await page.getByRole('radio', { name: 'Withdrawal' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Process Transaction' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Transfer' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Reverse' }).count()).toBe(0);
    await screenshot(page, `auditor-holder-${width}`);
    expect(pageErrorsOf(page)).toEqual([]);
    await context.close();
  });

  it.each(
    EACH_WIDTH.flatMap(([width, viewport]) =>
      [
        ['/users', '/dashboard'],
        ['/settings', '/dashboard'],
        // Issue 34: a subject's own page asks what the index asks.
        ['/settings/backups', '/dashboard'],
        ['/approvals', '/dashboard'],
        ['/expenses/create', '/expenses'],
      ].map(([from = '', to = '']) => ({ from, to, width, viewport })),
    ),
  )('is sent away from $from to $to ($width px)', async ({ from, to, viewport }) => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport });
    await signInQuickly(page, auditor);
    await page.goto(from);
    await page.waitForURL(`**${to}`);
    expect(pathOf(page)).toBe(to);
    await context.close();
  });
});

describe('an admin on the users screen', () => {
  it.each(EACH_WIDTH)('makes someone the auditor from their role select (%i px)', async (width, viewport) => {
    const name = `Audit Target ${width}`;
    await kobo.createUser('user', { name });
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport });
    await signInQuickly(page, admin);
    await page.goto('/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await tablesSettled(page);
    const table = page.getByRole('region', { name: 'Users' });
    const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('search') === name);
    await table.getByLabel('Search users').fill(name);
    await answered;
    await tablesSettled(page);
    await choose(page, `Role for ${name}`, 'Auditor');
    await expect.poll(() => table.getByRole('status').textContent()).toBe(MESSAGES.userRoleUpdated);
    await expect.poll(() => table.getByRole('combobox', { name: `Role for ${name}` }).inputValue()).toBe('Auditor');
    expect(pageErrorsOf(page)).toEqual([]);
    await context.close();
  });
});
