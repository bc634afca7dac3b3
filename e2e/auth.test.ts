import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf, screenshot, PHONE } from './support/browser.ts';
import { startKobo, type KoboServer } from './support/kobo-server.ts';
import { pathOf, signInWithForm } from './support/session.ts';
import { expectBeside } from './support/page-checks.ts';

let kobo: KoboServer;
let browser: Browser;
beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

describe('signing up, in and out', () => {
  it('makes the first account the administrator, and says so on the sign-up page until then', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await page.goto('/signup');
    await expect.poll(() => page.getByRole('heading', { name: 'Create Account' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(MESSAGES.firstAccountBecomesAdmin).isVisible()).toBe(true);
    await screenshot(page, 'signup-phone-first-admin');

    // Every empty field at once, each beside itself, with a summary (issue 34); then the rest in the spec's order.
    const banner = page.getByRole('alert');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => banner.textContent()).toBe('3 fields need attention');
    await expectBeside(page.getByLabel('Full Name'), MESSAGES.enterName);
    await expectBeside(page.getByLabel('Email'), MESSAGES.enterEmail);
    await expectBeside(page.getByLabel('Password', { exact: true }), MESSAGES.passwordTooShort);
    await page.getByLabel('Full Name').fill('Ada Obi');
    await page.getByLabel('Email').fill('ada@kobo.test');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectBeside(page.getByLabel('Password', { exact: true }), MESSAGES.passwordTooShort);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm Password').fill('secret2');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectBeside(page.getByLabel('Confirm Password'), MESSAGES.passwordsDoNotMatch);
    await page.getByLabel('Confirm Password').fill('secret1');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Expenses Dashboard' }).isVisible()).toBe(true);
    expect(pageErrorsOf(page)).toEqual([]);
    await context.close();

    // Now an administrator exists: the note is gone and the next account is a plain user.
    const second = await newPage(browser, kobo.baseURL);
    await second.page.goto('/signup');
    await expect.poll(() => second.page.getByRole('heading', { name: 'Create Account' }).isVisible()).toBe(true);
    expect(await second.page.getByText(MESSAGES.firstAccountBecomesAdmin).count()).toBe(0);
    await second.context.close();
  });

  it('answers wrong sign-ins with the spec messages and lands on the dashboard route', async () => {
    const user = await kobo.createUser('user');
    const { context, page } = await newPage(browser, kobo.baseURL);
    await page.goto('/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome Back' }).isVisible()).toBe(true);
    const banner = page.getByRole('alert');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => banner.textContent()).toContain(MESSAGES.fillAllFields);
    await signInWithForm(page, 'ghost@kobo.test', 'whatever1');
    // A refusal that concerns one field stands beside it (issue 34, decision 060).
    await expectBeside(page.getByLabel('Email'), MESSAGES.userNotFound);
    await signInWithForm(page, user.email, 'wrong-password');
    await expectBeside(page.getByLabel('Password', { exact: true }), MESSAGES.wrongPassword);

    await signInWithForm(page, user.email, user.password);
    // Login goes to /dashboard; a user is then sent on to /expenses by the admin-only guard.
    await page.waitForURL('**/expenses');
    await expect.poll(() => page.getByRole('heading', { name: 'My Expenses' }).isVisible()).toBe(true);
    await context.close();
  });

  it('keeps the session across a browser restart and a server restart, and ends it on Logout', async () => {
    const admin = await kobo.createUser('admin', { name: 'Bola Admin' });
    const first = await newPage(browser, kobo.baseURL);
    await signInWithForm(first.page, admin.email, admin.password);
    await first.page.waitForURL('**/dashboard');
    const storageState = await first.context.storageState();
    await first.context.close();

    await kobo.restart();
    const context = await browser.newContext({ baseURL: kobo.baseURL, storageState });
    const page = await context.newPage();
    await page.goto('/profile');
    await expect.poll(() => page.getByRole('heading', { name: 'Profile' }).isVisible()).toBe(true);
    // Exact: the profile's Change email form has a 'New Email' field too (issue 15).
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(admin.email);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });

  it('refuses an inactive account with the decided message', async () => {
    const user = await kobo.createUser('user', { active: false });
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInWithForm(page, user.email, user.password);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(MESSAGES.accountDisabled);
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });

  it('signs in by keyboard alone', async () => {
    const user = await kobo.createUser('manager');
    const { context, page } = await newPage(browser, kobo.baseURL);
    await page.goto('/login');
    await page.getByLabel('Email').focus();
    await page.keyboard.type(user.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(user.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/expenses');
    await expect.poll(() => page.getByRole('heading', { name: 'All Expenses' }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('forgotten password', () => {
  it('mails a link that sets a new password', async () => {
    const user = await kobo.createUser('user');
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await page.goto('/login');
    await page.getByRole('link', { name: /forgot/i }).click();
    await page.waitForURL('**/forgot-password');
    await expect.poll(() => page.getByRole('heading', { name: 'Reset Password' }).isVisible()).toBe(true);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => page.getByText(MESSAGES.resetEmailSent).isVisible()).toBe(true);

    const link = /http:\/\/localhost:\d+\/reset-password\?token=\S+/.exec(kobo.lastMailTo(user.email))?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.getByLabel('New Password').fill('brand-new1');
    await page.getByLabel('Confirm Password').fill('brand-new1');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect.poll(() => page.getByText(MESSAGES.passwordChanged).isVisible()).toBe(true);

    await signInWithForm(page, user.email, 'brand-new1');
    await page.waitForURL('**/expenses');
    await page.goto('/forgot-password');
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });
});
