import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, EACH_WIDTH, PHONE, hasHorizontalScroll, launchBrowser, newPage, pageErrorsOf, screenshot } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectText, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';

/**
 * Issue 34 (docs/decisions/059-one-settings-page-per-subject.md): Settings is an index of subjects,
 * each on its own page, instead of one 5,600 px page on a phone; links from before still land;
 * and no page shows where the server keeps its files.
 */

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let manager: TestUser;

beforeAll(async () => {
  // 00:00: tonight's backup is always due, so Backups lists a file (whose folder it must not name).
  kobo = await startKobo({ env: { BACKUP_TIME: '00:00' } });
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Bisi Admin' });
  manager = await kobo.createUser('manager', { name: 'Musa Manager' });
  await kobo.app.kobo.backups.check();
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

/** Each subject's address and its page's title, as the index lists them. */
const SUBJECTS = [
  ['/settings/appearance', 'Appearance'],
  ['/settings/categories', 'Categories'],
  ['/settings/budgets', 'Budgets'],
  ['/settings/data', 'Data Management'],
  ['/settings/receipts', 'Receipts'],
  ['/settings/mail', 'Mail'],
  ['/settings/approvals', 'Savings approvals'],
  ['/settings/savings-products', 'Savings products'],
  ['/settings/payroll', 'Payroll'],
  ['/settings/books', 'Books'],
  ['/settings/year-end', 'Year end'],
  ['/settings/exits', 'Exits'],
  ['/settings/sign-up', 'Sign-up'],
  ['/settings/api-tokens', 'API tokens'],
  ['/settings/backups', 'Backups'],
  ['/settings/account', 'Account'],
] as const;

/** A server path in the page's text: a folder under /tmp, /work, /home or /var, or this server's own data folder. */
async function serverPathsShown(page: Page): Promise<string[]> {
  const text = (await page.getByRole('main').textContent()) ?? '';
  const found = text.match(/\/(tmp|work|home|var|srv|data)\/\S*/g) ?? [];
  return text.includes(kobo.dataDir) ? [...found, kobo.dataDir] : found;
}

const subjectLinks = (page: Page) => page.getByRole('navigation', { name: 'Settings subjects' }).getByRole('link');

describe('Settings, one page per subject', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const viewport of [PHONE, DESKTOP]) {
      it(`lists every subject, and each page fits without a server path (${viewport.width} px, ${scheme})`, async () => {
        const { context, page } = await newPage(browser, kobo.baseURL, { viewport, colorScheme: scheme });
        await context.addInitScript((chosen) => localStorage.setItem('darkMode', chosen), scheme);
        await signInQuickly(page, admin);
        await page.goto('/settings');
        await pageSettled(page, 'Settings');
        expect(await subjectLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(SUBJECTS.map(([address]) => address));
        expect(await hasHorizontalScroll(page)).toBe(false);
        await screenshot(page, `settings-index-${viewport.width}-${scheme}`);

        const problems: string[] = [];
        for (const [address, title] of SUBJECTS) {
          await page.goto(address);
          await pageSettled(page, title);
          await page.getByRole('link', { name: 'Back to Settings' }).waitFor();
          if (await hasHorizontalScroll(page)) problems.push(`${address} scrolls sideways`);
          for (const path of await serverPathsShown(page)) problems.push(`${address} shows ${path}`);
          if (address === '/settings/backups') {
            await expectText(page.getByRole('region', { name: 'Backups' }), 'Written,');
            await screenshot(page, `settings-subject-backups-${viewport.width}-${scheme}`);
          }
        }
        expect(problems).toEqual([]);
        expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
        await context.close();
      });
    }
  }

  it('opens a subject from the keyboard, and goes back to the index', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/settings');
    await pageSettled(page, 'Settings');
    await subjectLinks(page).filter({ hasText: 'Backups' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/settings/backups');
    await pageSettled(page, 'Backups');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Backups');
    await page.getByRole('link', { name: 'Back to Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await pageSettled(page, 'Settings');
    await context.close();
  });

  it.each([
    ['/settings#backups', '/settings/backups', 'Backups'],
    ['/settings#api-tokens', '/settings/api-tokens', 'API tokens'],
    ['/settings#danger-zone', '/settings/account', 'Account'],
    ['/settings#Outgoing%20mail', '/settings/mail', 'Mail'],
  ])('takes an old link, %s, to its subject', async (old, address, title) => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto(old);
    await page.waitForURL((url) => url.pathname === address);
    await pageSettled(page, title);
    expect(new URL(page.url()).hash).toBe('');
    await context.close();
  });

  it('says so at an address no subject has', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/settings/nothing-here');
    await pageSettled(page, 'Settings');
    expect(await page.getByRole('main').textContent()).toContain('Not found.');
    await context.close();
  });

  it.each(EACH_WIDTH)('refuses a manager the index and every subject, as the one page did (%i px)', async (_width, viewport) => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport });
    await signInQuickly(page, manager);
    for (const address of ['/settings', '/settings/backups', '/settings/categories']) {
      await page.goto(address);
      await page.waitForURL('**/expenses');
    }
    // A manager's own subjects (categories, budgets) are on User Settings (DECISIONS 3).
    await page.goto('/user-settings');
    await pageSettled(page, 'User Settings');
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Appearance', 'Categories', 'Budgets', 'Account']);
    expect(await page.getByRole('navigation', { name: 'Settings subjects' }).count()).toBe(0);
    await context.close();
  });
});
