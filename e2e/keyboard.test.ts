import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MESSAGES, type ExpenseView, type SavingsHolderListItem } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf } from './support/browser.ts';
import { expenseApi } from './support/expense-seed.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectText, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { pickByKeyboard } from './support/keyboard.ts';
import { signInQuickly } from './support/session.ts';
import { apiAs } from './support/users-seed.ts';

/**
 * Issue 13, WCAG 2.1.1: the four things people do most, done with the keyboard alone (Tab,
 * Shift+Tab, arrows, Enter, Space and typing; never a click), each checked where it lands: the
 * server's own record.
 */

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let tunde: SeededStaff;
let amaka: SeededStaff;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  const asAdmin = await savingsApi(kobo, admin);
  tunde = await asAdmin.createStaff({ name: 'Tunde Bello' });
  amaka = await asAdmin.createStaff({ name: 'Amaka Eze' });
  await asAdmin.post({ userId: tunde.id, type: 'deposit', amount: '20000' });
  await asAdmin.dispose();
  await (await expenseApi(kobo, admin)).addCategory('Transport', { color: '#45B7D1', icon: 'FaToolbox' });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement).catch(() => false);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a person who cannot use a mouse moves
 * through the page; fails if it is not reached within `limit` presses (not in the Tab order).
 */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 40 } = {}) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `${String(target)} reached by Tab`).toBe(true);
}

async function balanceOf(staff: SeededStaff): Promise<number> {
  const call = await apiAs(kobo, admin);
  const { holders } = (await call('GET', `/api/savings/holders?search=${staff.staffId}`)) as { holders: SavingsHolderListItem[] };
  return holders.find((holder) => holder.userId === staff.id)?.balanceKobo ?? -1;
}

describe('by keyboard alone', () => {
  it('signs in (the focused field showing its ring), and focus lands on the first page heading', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await page.goto('/login');
    await pageSettled(page, 'Welcome Back');
    const email = page.getByLabel('Email');
    await tabTo(page, email);
    // The focused field shows the same 2px ring a focused button does (issue 13).
    expect(await email.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    expect(await email.evaluate((element) => getComputedStyle(element).outlineWidth)).toBe('2px');
    await page.keyboard.type(admin.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(admin.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    const heading = page.getByRole('heading', { name: 'Expenses Dashboard', level: 1 });
    await expect.poll(() => isFocused(heading)).toBe(true);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('adds an expense', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/expenses/create');
    await pageSettled(page, 'Add Expense');
    const item = page.getByRole('combobox', { name: 'Item' });
    await tabTo(page, item);
    await pickByKeyboard(page, item, 'Trans', 'Transport');
    await tabTo(page, page.getByRole('textbox', { name: 'Amount' }));
    await page.keyboard.type('1234.50');
    await tabTo(page, page.getByRole('textbox', { name: 'Description' }));
    await page.keyboard.type('Bus fare by keyboard');
    await tabTo(page, page.getByRole('button', { name: 'Add Expense', exact: true }));
    await page.keyboard.press('Enter');
    await expectText(page.getByRole('status'), MESSAGES.expenseAdded);

    const call = await apiAs(kobo, admin);
    const { items } = (await call('GET', '/api/expenses?time=all')) as { items: ExpenseView[] };
    const added = items.find((expense) => expense.description === 'Bus fare by keyboard');
    expect(added?.amountKobo).toBe(123_450);
    expect(added?.category.name).toBe('Transport');
    await context.close();
  });

  it("deposits on a staff member's account from New Transaction", async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/savings');
    await pageSettled(page, 'Staff Savings');
    const form = page.getByRole('region', { name: 'New Transaction' });
    const staff = form.getByRole('combobox', { name: 'Staff member' });
    await tabTo(page, staff);
    await pickByKeyboard(page, staff, 'Amaka', 'Amaka Eze');
    await tabTo(page, form.getByRole('textbox', { name: 'Amount (₦)' }));
    await page.keyboard.type('7500');
    // Into the Type group: the arrow keys move between Deposit and Withdrawal, Space picks.
    const deposit = form.getByRole('radio', { name: 'Deposit' });
    await tabTo(page, deposit);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => form.getByRole('radio', { name: 'Withdrawal' }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect.poll(() => deposit.isChecked()).toBe(true);
    await tabTo(page, form.getByRole('textbox', { name: 'Description (optional)' }));
    await page.keyboard.type('Paid in by keyboard');
    await tabTo(page, form.getByRole('button', { name: 'Process Transaction' }));
    await page.keyboard.press('Enter');
    await expectText(form.getByRole('status'), MESSAGES.transactionProcessed);
    await expect.poll(() => balanceOf(amaka)).toBe(750_000);
    await context.close();
  });

  it('transfers between two staff members from the Transfer dialog', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto(`/savings/${tunde.staffId}`);
    await pageSettled(page, 'Staff Savings Detail');
    await tabTo(page, page.getByRole('button', { name: 'Transfer', exact: true }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Transfer from Tunde Bello' });
    await dialog.waitFor();
    const recipient = dialog.getByRole('combobox', { name: 'Transfer to' });
    await tabTo(page, recipient);
    await pickByKeyboard(page, recipient, 'Amaka', 'Amaka Eze');
    await tabTo(page, dialog.getByRole('textbox', { name: 'Amount (₦)' }));
    await page.keyboard.type('2000');
    // Past the button and back again: Shift+Tab works inside the dialog too.
    const send = dialog.getByRole('button', { name: 'Process Transfer' });
    await tabTo(page, send);
    await page.keyboard.press('Shift+Tab');
    await tabTo(page, send);
    await page.keyboard.press('Enter');
    await expectText(page.getByRole('status'), MESSAGES.transferProcessed);
    await expect.poll(() => balanceOf(tunde)).toBe(1_800_000);
    expect(await balanceOf(amaka)).toBe(950_000);
    await context.close();
  });
});
