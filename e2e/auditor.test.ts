import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { pathOf, signInQuickly } from './support/session.ts';
import { choose, tablesSettled } from './support/users-seed.ts';

/** Issue 27: the auditor reads the scheme on a phone and is offered nothing that changes it. */
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

describe('the auditor at 375 px', () => {
  it('finds the screens they read in the navigation', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, auditor);
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    const links = await nav.getByRole('link').allTextContents();
    expect(links.map((text) => text.trim())).toEqual(['Dashboard', 'Expenses', 'Staff Savings', 'Loans', 'Reports', 'Books', 'Audit Log', 'Profile', 'Settings']);
    expect(pageErrorsOf(page)).toEqual([]);
    await context.close();
  });

  it('opens a holder’s savings page with no Deposit, Withdrawal, Transfer or Reverse', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
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
    await screenshot(page, 'auditor-holder-375');
    expect(pageErrorsOf(page)).toEqual([]);
    await context.close();
  });

  it.each([
    ['/users', '/dashboard'],
    ['/settings', '/dashboard'],
    ['/approvals', '/dashboard'],
    ['/expenses/create', '/expenses'],
  ])('is sent away from %s to %s', async (from, to) => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, auditor);
    await page.goto(from);
    await page.waitForURL(`**${to}`);
    expect(pathOf(page)).toBe(to);
    await context.close();
  });
});

describe('an admin on the users screen', () => {
  it('makes someone the auditor from their role select', async () => {
    await kobo.createUser('user', { name: 'Audit Target' });
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await tablesSettled(page);
    const table = page.getByRole('region', { name: 'Users' });
    const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('search') === 'Audit Target');
    await table.getByLabel('Search users').fill('Audit Target');
    await answered;
    await tablesSettled(page);
    await choose(page, 'Role for Audit Target', 'Auditor');
    await expect.poll(() => table.getByRole('status').textContent()).toBe(MESSAGES.userRoleUpdated);
    await expect.poll(() => table.getByRole('combobox', { name: 'Role for Audit Target' }).inputValue()).toBe('Auditor');
    expect(pageErrorsOf(page)).toEqual([]);
    await context.close();
  });
});
