import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@kobo/core';
import { launchBrowser } from './support/browser.ts';
import { seedForSweep, type A11yData } from './support/a11y-seed.ts';
import { sweeper, type A11yPage } from './support/axe.ts';
import { startKobo, type KoboServer } from './support/kobo-server.ts';
import { expectText, pageSettled } from './support/page-checks.ts';
import { settledDialog } from './support/users-seed.ts';

/**
 * Issue 13, WCAG 2.2 AA, the second half of the sweep (accessibility.test.ts has the first): an
 * admin's savings, monthly run, loans, approvals, profile and settings pages, and the key dialogs
 * and forms open (Transfer, Add New Staff, a new loan application, New Transaction showing its
 * errors), each in light and dark at 375 and 1280 px.
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

const sweep = sweeper(() => ({ browser, baseURL: kobo.baseURL }), () => data.admin);
afterAll(() => sweep.close());

/** A page is ready when its h1 shows, nothing loads, and `text` (its data) is drawn. */
function showing(heading: string, text?: string): (page: Page) => Promise<void> {
  return async (page) => {
    await pageSettled(page, heading);
    if (text) await expectText(page.getByRole('main'), text);
  };
}

/** The page, then `button` pressed and its dialog `name` fully shown. */
function withDialog(heading: string, text: string, button: string, name: string): (page: Page) => Promise<void> {
  return async (page) => {
    await showing(heading, text)(page);
    await page.getByRole('button', { name: button, exact: true }).click();
    await settledDialog(page, name);
  };
}

const pages: A11yPage[] = [
  { name: 'staff savings', path: '/savings', ready: showing('Staff Savings', 'Amaka Eze') },
  { name: "a member's savings", path: () => `/savings/${data.tunde.staffId}`, ready: showing('Staff Savings Detail', 'Lunch money') },
  { name: 'monthly run', path: '/staff-savings/runs', ready: showing('Monthly Run', 'Tunde Bello') },
  { name: 'loans', path: '/loans', ready: showing('Loans', 'Amaka Eze') },
  { name: "a loan's page", path: () => `/loans/${data.loan.id}`, ready: showing('Tunde Bello: Staff Loan', 'School fees') },
  { name: 'approvals', path: '/approvals', ready: showing('Approvals', 'Cash at the office') },
  { name: 'user settings', path: '/user-settings', ready: showing('User Settings') },
  { name: 'profile', path: '/profile', ready: showing('Profile', 'Ngozi Admin') },
  {
    name: 'transfer dialog with its errors',
    path: () => `/savings/${data.tunde.staffId}`,
    ready: async (page) => {
      await withDialog('Staff Savings Detail', 'Lunch money', 'Transfer', 'Transfer from Tunde Bello')(page);
      const dialog = page.getByRole('dialog', { name: 'Transfer from Tunde Bello' });
      await dialog.getByRole('button', { name: 'Process Transfer' }).click();
      // Issue 34: the recipient and the amount at once, each beside its field, the banner a summary.
      await expectText(dialog.getByRole('alert'), '2 fields need attention');
      await expectText(dialog, MESSAGES.selectTransferRecipient);
    },
  },
  { name: 'add staff dialog', path: '/savings', ready: withDialog('Staff Savings', 'Amaka Eze', 'Add New Staff', 'Add New Staff') },
  { name: 'new loan application dialog', path: '/loans', ready: withDialog('Loans', 'Amaka Eze', 'New application', 'New loan application') },
  {
    name: 'new transaction with its errors',
    path: () => `/savings/${data.tunde.staffId}`,
    ready: async (page) => {
      await showing('Staff Savings Detail', 'Lunch money')(page);
      const form = page.getByRole('region', { name: 'New Transaction' });
      await form.getByRole('button', { name: 'Process Transaction' }).click();
      await expectText(form, MESSAGES.enterValidAmount);
    },
  },
];

describe('an admin', () => {
  for (const target of pages) {
    it(`${target.name} has no critical or serious axe violation (light, dark; 375, 1280 px)`, async () => {
      expect(await sweep.sweep(target)).toEqual([]);
    });
  }
});
