import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AUDIT_KIND_LABELS, MESSAGES } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { signInQuickly } from './support/session.ts';
import { apiAs, choose, tablesSettled } from './support/users-seed.ts';
import { itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let subject: { id: string; name: string };
beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  const api = await apiAs(kobo, admin);
  // 55 categories: more than one page of 50 entries.
  for (let index = 1; index <= 55; index++) {
    await api('POST', '/api/categories', { name: `Item ${String(index).padStart(2, '0')}` });
  }
  const created = (await api('POST', '/api/users', { email: 'tolu.audit@kobo.test', name: 'Tolu Audit', password: 'secret1', role: 'user' })) as {
    user: { id: string; name: string };
  };
  subject = created.user;
  await api('PATCH', `/api/users/${subject.id}/role`, { role: 'staff' });
  await api('POST', '/api/savings/transactions', { userId: subject.id, type: 'deposit', amount: '1500.50', description: 'Opening' });
  await api('POST', `/api/users/${subject.id}/deactivate`);
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

const entryRows = (page: Page) => page.locator('tbody tr');

async function openAudit(page: Page, query = '') {
  await page.goto(`/audit${query}`);
  await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
  await tablesSettled(page);
}

describe('the audit log', () => {
  it('lists every act newest first, with who, what and the values before and after', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openAudit(page);
    await expect.poll(() => entryRows(page).count()).toBe(50);
    const newest = await entryRows(page).first().textContent();
    expect(newest).toContain(AUDIT_KIND_LABELS['user.deactivated']);
    expect(newest).toContain('Tolu Audit <tolu.audit@kobo.test>');
    expect(newest).toContain('Ngozi Admin');
    expect(newest).toContain('Active: Yes → No');
    const deposit = await entryRows(page).nth(1).textContent();
    expect(deposit).toContain(AUDIT_KIND_LABELS['savings.deposit']);
    expect(deposit).toContain('Balance: ₦0.00 → ₦1,500.50');

    // The rest of the history comes a page at a time.
    await page.getByRole('button', { name: 'Load older entries' }).click();
    await expect.poll(() => entryRows(page).count()).toBe(59);
    await expect.poll(() => page.getByText('59 entries').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Load older entries' }).count()).toBe(0);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('filters by kind, by person and by days, and clears the filters', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openAudit(page);

    await choose(page, 'Kind', AUDIT_KIND_LABELS['user.role_changed']);
    await expect.poll(() => entryRows(page).count()).toBe(1);
    expect(await entryRows(page).first().textContent()).toContain('Role: user → staff');
    expect(new URL(page.url()).searchParams.get('kind')).toBe('user.role_changed');
    await choose(page, 'Kind', 'Every kind');
    await expect.poll(() => new URL(page.url()).searchParams.get('kind')).toBeNull();

    const person = page.getByRole('combobox', { name: 'Person' });
    await person.fill('tolu');
    await page.getByRole('option', { name: 'Tolu Audit (tolu.audit@kobo.test)' }).click();
    await expect.poll(() => entryRows(page).count()).toBe(4);
    expect(new URL(page.url()).searchParams.get('kind')).toBeNull();
    await tablesSettled(page);

    // A day with nothing in it, then the end before the start.
    await page.getByLabel('From', { exact: true }).fill('2001-01-01');
    await page.getByLabel('To', { exact: true }).fill('2001-01-31');
    await expect.poll(() => page.getByText(MESSAGES.noAuditEntries).isVisible()).toBe(true);
    await page.getByLabel('From', { exact: true }).fill('2001-02-01');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(MESSAGES.endBeforeStart);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => entryRows(page).count()).toBe(50);
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('opens a person’s history from the users table', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/users');
    await page.getByLabel('Search users').fill('Tolu');
    await page.getByRole('link', { name: 'Audit log for Tolu Audit' }).click();
    await page.waitForURL('**/audit?**');
    await tablesSettled(page);
    await expect.poll(() => entryRows(page).count()).toBe(4);
    await expect.poll(() => page.getByRole('combobox', { name: 'Person' }).inputValue()).toBe(`${subject.name} (tolu.audit@kobo.test)`);
    await context.close();
  });

  it('is in the admin’s navigation, and sends anyone else away', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Audit Log' }).click();
    await page.waitForURL('**/audit');
    await context.close();

    const manager = await kobo.createUser('manager');
    const other = await newPage(browser, kobo.baseURL);
    await signInQuickly(other.page, manager);
    await other.page.goto('/audit');
    await other.page.waitForURL('**/expenses');
    expect(await other.page.getByRole('navigation').getByRole('link', { name: 'Audit Log' }).count()).toBe(0);
    await other.context.close();
  });
});

/** The log's first page of 50 entries, settled. */
async function firstPageShown(page: Page) {
  await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
  await tablesSettled(page);
  await expect.poll(() => entryRows(page).count()).toBe(50);
}

describe('how the audit log looks', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'audit',
    path: '/audit',
    user: () => admin,
    prepare: firstPageShown,
  });
});
