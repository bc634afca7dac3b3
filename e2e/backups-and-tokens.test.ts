import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@kobo/core';
import { decodeBackup } from '../apps/api/src/backup/backup-file.ts';
import { launchBrowser, newPage, pageErrorsOf } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;

beforeAll(async () => {
  // 00:00: tonight's backup is always due, whatever the hour the tests run at.
  kobo = await startKobo({ env: { BACKUP_TIME: '00:00' } });
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Bisi Admin' });
  // Tonight's backup, as the server's minute check would take it (or already has).
  await kobo.app.kobo.backups.check();
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

const section = (page: Page, name: string) => page.getByRole('region', { name });

/** Issue 34: each subject of Settings on its own page. */
async function openSettings(page: Page, subject: 'backups' | 'api-tokens') {
  await signInQuickly(page, admin);
  await page.goto(`/settings/${subject}`);
  await pageSettled(page, subject === 'backups' ? 'Backups' : 'API tokens');
}

describe('Settings → Backups', () => {
  it('shows the schedule and last night’s backup, and downloads it byte for byte', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await openSettings(page, 'backups');
    const backups = section(page, 'Backups');
    await expectText(backups, 'every night at 00:00 (Africa/Lagos) and keeps the last 14 files on the server.');
    // Issue 34: the server's backup folder is its own business, never the page's.
    expect(await page.locator('body').textContent()).not.toContain(kobo.dataDir);
    await expectText(backups, 'Written,');
    const files = backups.getByRole('list', { name: 'Backup files' }).getByRole('listitem');
    await expect.poll(() => files.count()).toBe(1);
    const name = (await files.first().getByText(/^kobo-.*\.kobo-backup$/).textContent()) ?? '';
    const [download] = await Promise.all([page.waitForEvent('download'), files.first().getByRole('link', { name: `Download ${name}` }).click()]);
    expect(download.suggestedFilename()).toBe(name);
    expect(await download.failure()).toBeNull();
    const saved = readFileSync((await download.path()) ?? '');
    expect(saved.equals(readFileSync(join(kobo.dataDir, 'backups', name)))).toBe(true);
    expect(decodeBackup(saved).manifest.rowCounts.users).toBeGreaterThanOrEqual(1);
    expect(await backups.getByRole('alert').count()).toBe(0);
    // Last night's backup is the good one: no second line for it.
    expect(await backups.getByText('Last good backup').count()).toBe(0);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('warns when the last backup failed', async () => {
    // A later night's run that failed, as the nightly job records one.
    await kobo.app.kobo.database.db.execute(sql`
      insert into scheduled_runs (name, period, started_at, finished_at, result)
      values ('nightly-backup', '2999-01-01', now() + interval '1 second', now() + interval '2 seconds', ${JSON.stringify({ ok: false, error: 'ENOSPC: no space left on device' })}::jsonb)`);
    const { context, page } = await newPage(browser, kobo.baseURL);
    await openSettings(page, 'backups');
    const alert = section(page, 'Backups').getByRole('alert');
    await expectText(alert, `${MESSAGES.backupFailed} ENOSPC: no space left on device`);
    await expectText(section(page, 'Backups'), 'Failed');
    await expectText(section(page, 'Backups'), 'Last good backup');
    expect(await alert.count()).toBe(1);
    await context.close();
    await kobo.app.kobo.database.db.execute(sql`delete from scheduled_runs where period = '2999-01-01'`);
  });
});

describe('Settings → API tokens', () => {
  it('creates a token shown once that works with its scope, then revokes it', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await openSettings(page, 'api-tokens');
    const tokens = section(page, 'API tokens');
    const form = tokens.getByRole('form', { name: 'New API token' });
    await form.getByRole('button', { name: 'Create token' }).click();
    await expectText(form, MESSAGES.apiTokenNameRequired);
    await form.getByLabel('Name').fill('Payroll');
    await form.getByLabel('What it may do').click();
    await page.getByRole('option', { name: 'Post savings batches' }).click();
    await form.getByRole('button', { name: 'Create token' }).click();
    const secretBox = tokens.getByLabel('The new token');
    await expect.poll(() => secretBox.isVisible()).toBe(true);
    const secret = ((await secretBox.textContent()) ?? '').trim();
    expect(secret).toMatch(/^kobo_[A-Za-z0-9_-]{43}$/);
    const card = tokens.getByRole('article', { name: 'API token Payroll' });
    await expectText(card, 'Active');
    await expectText(card, 'Last used: never');

    const call = (path: string) => fetch(`${kobo.baseURL}${path}`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await call('/api/savings/batches')).status).toBe(200);
    expect((await call('/api/users')).status).toBe(403);

    await card.getByRole('button', { name: 'Revoke the token Payroll' }).click();
    await page.getByRole('dialog', { name: 'Revoke token' }).getByRole('button', { name: 'Revoke' }).click();
    await expectText(tokens, MESSAGES.apiTokenRevoked);
    await expectText(card, 'Revoked');
    expect((await call('/api/savings/batches')).status).toBe(401);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('Settings → API tokens with a scope, an expiry date and IP ranges (issue 28)', () => {
  it.each([
    { width: 375, height: 812, name: 'Till 375' },
    { width: 1280, height: 800, name: 'Till 1280' },
  ])('makes a Record expenses token for the end of 31 March 2027 from this machine only, at $width px', async ({ width, height, name }) => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: { width, height } });
    await openSettings(page, 'api-tokens');
    const tokens = section(page, 'API tokens');
    await expectText(tokens, 'Record expenses: Read expenses and items, add and edit expenses, attach receipts and import spreadsheets; never delete.');
    await expectText(tokens, "Read the books: The books' reports, journal and ledgers, and their downloads; nothing else.");
    const form = tokens.getByRole('form', { name: 'New API token' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('What it may do').click();
    await page.getByRole('option', { name: 'Record expenses' }).click();
    // Before "On a date" is chosen, the expiry select is the only field whose label starts so.
    await form.getByLabel('Expires').click();
    await page.getByRole('option', { name: 'On a date' }).click();
    await form.getByLabel('Expires at the end of').fill('2027-03-31');
    await form.getByLabel('IP ranges (optional)').fill('203.0.113.0/24, 10.0.0.0/33');
    await form.getByRole('button', { name: 'Create token' }).click();
    await expectText(form, MESSAGES.apiTokenIpRangeInvalid);
    await form.getByLabel('IP ranges (optional)').fill('127.0.0.1\n::1\n2001:db8::/32');
    await form.getByRole('button', { name: 'Create token' }).click();

    const secretBox = tokens.getByLabel('The new token');
    await expect.poll(() => secretBox.isVisible()).toBe(true);
    const secret = ((await secretBox.textContent()) ?? '').trim();
    const card = tokens.getByRole('article', { name: `API token ${name}` });
    await expectText(card, 'Record expenses');
    await expectText(card, 'From: 127.0.0.1/32, ::1/128, 2001:db8::/32');
    await expectText(card, 'Expires: 31 Mar 2027, 23:59');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // This test's own calls come from this machine, inside the ranges: the scope decides.
    const call = (method: string, path: string, body?: object) =>
      fetch(`${kobo.baseURL}${path}`, {
        method,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    expect((await call('GET', '/api/expenses')).status).toBe(200);
    expect((await call('POST', '/api/expenses', {})).status).toBe(400);
    expect((await call('GET', '/api/users')).status).toBe(403);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('how Settings looks with backups and tokens', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'settings-backups',
    path: '/settings/backups',
    user: () => admin,
    prepare: async (page) => {
      await pageSettled(page, 'Backups');
      await section(page, 'Backups').scrollIntoViewIfNeeded();
      await expectText(section(page, 'Backups'), 'Written,');
    },
  });
});
