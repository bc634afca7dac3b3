import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@kobo/core';
import { launchBrowser, newPage } from './support/browser.ts';
import { seedForSweep, type A11yData } from './support/a11y-seed.ts';
import { seriousViolations, sweeper, type A11yPage } from './support/axe.ts';
import { startKobo, type KoboServer } from './support/kobo-server.ts';
import { expectText, pageSettled } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';

/**
 * Issue 13, WCAG 2.2 AA: axe finds no critical or serious violation on any page, in light and
 * dark, at 375 and 1280 px. This file: the signed-out pages, a staff member's and a regular user's
 * own pages, and the admin's expenses, reports and people screens; accessibility-savings.test.ts
 * has the rest (savings, loans, approvals, profile) and the open dialogs, so the two run side by side.
 */

let kobo: KoboServer;
let browser: Browser;
let data: A11yData;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  data = await seedForSweep(kobo);
  // Two dozen postings, loans and requests through the real API: longer than one page's look.
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

const env = () => ({ browser, baseURL: kobo.baseURL });

/** A page is ready when its h1 shows, nothing loads, and `text` (its data) is drawn. */
function showing(heading: string, text?: string): (page: Page) => Promise<void> {
  return async (page) => {
    await pageSettled(page, heading);
    if (text) await expectText(page.getByRole('main'), text);
  };
}

/** One test per page, in the describe that calls it, all through `sweep`'s one signed-in context. */
function itSweepsEach(pages: A11yPage[], sweep: ReturnType<typeof sweeper>) {
  afterAll(() => sweep.close());
  for (const target of pages) {
    it(`${target.name} has no critical or serious axe violation (light, dark; 375, 1280 px)`, async () => {
      expect(await sweep.sweep(target)).toEqual([]);
    });
  }
}

describe('signed out', () => {
  itSweepsEach(
    [
      { name: 'login', path: '/login', ready: showing('Welcome Back') },
      {
        name: 'login with its errors',
        path: '/login',
        ready: async (page) => {
          await showing('Welcome Back')(page);
          await page.getByRole('button', { name: 'Sign In' }).click();
          await expectText(page.getByRole('alert'), MESSAGES.fillAllFields);
        },
      },
      { name: 'signup', path: '/signup', ready: showing('Create Account') },
      { name: 'forgot password', path: '/forgot-password', ready: showing('Reset Password') },
      { name: 'access denied', path: '/unauthorized', ready: (page) => page.getByRole('heading', { name: MESSAGES.accessDenied, level: 1 }).waitFor() },
      { name: 'not found', path: '/no-such-page', ready: (page) => page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor() },
    ],
    sweeper(env, null),
  );
});

describe('a staff member', () => {
  itSweepsEach(
    [{ name: 'my savings account', path: '/staff-savings', ready: showing('My Savings Account', 'Lunch money') }],
    sweeper(env, () => data.tunde),
  );
});

describe('a regular user', () => {
  itSweepsEach(
    [
      { name: 'my savings', path: '/savings', ready: showing('My Savings', 'Cash at the office') },
      { name: 'my expenses', path: '/expenses', ready: showing('My Expenses') },
    ],
    sweeper(env, () => data.regular),
  );
});

describe('an admin', () => {
  itSweepsEach(
    [
      { name: 'dashboard', path: '/dashboard', ready: showing('Expenses Dashboard', 'Food') },
      { name: 'expenses', path: '/expenses', ready: showing('All Expenses', 'Team lunch') },
      {
        name: 'add expense with its errors',
        path: '/expenses/create',
        ready: async (page) => {
          await showing('Add Expense')(page);
          await page.getByRole('button', { name: 'Add Expense', exact: true }).click();
          await expectText(page.getByRole('alert'), MESSAGES.fillRequiredFields);
        },
      },
      // Issue 14's screens: the expenses list as a dense table (a desktop look), and the import screen.
      {
        name: 'expenses as a table',
        path: '/expenses?time=all',
        ready: async (page) => {
          await page.evaluate(() => localStorage.setItem('kobo-expenses-view', 'table'));
          await page.reload();
          await showing('All Expenses', 'Team lunch')(page);
        },
      },
      { name: 'import expenses', path: '/expenses/import', ready: showing('Import expenses') },
      { name: 'reports', path: '/reports', ready: showing('Reports') },
      { name: 'users', path: '/users', ready: showing('User Management', 'Musa Manager') },
      { name: 'audit log', path: '/audit', ready: showing('Audit Log', 'Ngozi Admin') },
      // Issue 34: Settings is an index of subjects, each on its own page.
      { name: 'settings', path: '/settings', ready: showing('Settings', 'Backups') },
      { name: 'settings categories', path: '/settings/categories', ready: showing('Categories', 'Stationery') },
    ],
    sweeper(env, () => data.admin),
  );
});

describe('while a part is still loading', () => {
  it("names the expenses table's spinner as a progressbar, with no violation, until the table arrives", async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, data.admin);
    // The table's own chunk is held back, as on a slow line, so the spinner stays to be judged.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/expense-table-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/expenses?time=all');
    await page.evaluate(() => localStorage.setItem('kobo-expenses-view', 'table'));
    await page.reload();
    await page.getByRole('heading', { name: 'All Expenses', level: 1 }).waitFor();
    await page.locator('[aria-label="Loading the table"]').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.getByRole('progressbar', { name: 'Loading the table' }).count()).toBe(1);
    release?.();
    await expectText(page.getByRole('main'), 'Team lunch');
    expect(await page.getByRole('progressbar', { name: 'Loading the table' }).count()).toBe(0);
    await context.close();
  });
});
