import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { pathOf, signInQuickly } from './support/session.ts';
import { apiAs, choose, seedPeople, settledDialog, tablesSettled } from './support/users-seed.ts';
import { expectText, itFitsEveryLook, unexpectedErrors } from './support/page-checks.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  // Enough people for three pages of 20.
  await seedPeople(kobo, 'Seeded', 45);
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

async function openUsers(page: Page) {
  await page.goto('/users');
  await page.getByRole('heading', { name: 'User Management' }).waitFor();
  await tablesSettled(page);
}

const addUserForm = (page: Page) => page.getByRole('region', { name: 'Add User' });
const usersTable = (page: Page) => page.getByRole('region', { name: 'Users' });

/** Types a search and waits for the server's answer to it (the box waits 300 ms for typing to stop). */
async function searchUsers(page: Page, text: string) {
  const answered = page.waitForResponse(
    (response) => response.url().includes('/api/users?') && new URL(response.url()).searchParams.get('search') === text,
  );
  await usersTable(page).getByLabel('Search users').fill(text);
  await answered;
  await tablesSettled(page);
}

describe('adding a user', () => {
  it('shows each of the spec’s messages in order, then adds the user and lists them', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openUsers(page);
    const form = addUserForm(page);
    const submit = form.getByRole('button', { name: 'Add User' });

    await submit.click();
    await expectText(form, MESSAGES.addUserEmailRequired);
    await form.getByLabel('Email').fill('not-an-email');
    await submit.click();
    await expectText(form, MESSAGES.addUserNameRequired);
    await form.getByLabel('Name').fill('Chika Eze');
    await submit.click();
    await expectText(form, MESSAGES.addUserPasswordRequired);
    await form.getByLabel(/^Password/).fill('123');
    // Choosing the chosen role again clears it.
    await choose(page, 'Role', 'User');
    await submit.click();
    await expectText(form, MESSAGES.addUserRoleRequired);
    await choose(page, 'Role', 'Manager');
    await submit.click();
    await expectText(form, MESSAGES.addUserInvalidEmail);
    await form.getByLabel('Email').fill('chika.eze@kobo.test');
    await submit.click();
    await expectText(form, MESSAGES.passwordTooShort);
    await form.getByLabel(/^Password/).fill('secret1');
    await submit.click();

    await expect.poll(() => form.getByRole('status').textContent()).toBe(MESSAGES.userAdded);
    await expect.poll(() => form.getByLabel('Email').inputValue()).toBe('');
    await searchUsers(page, 'chika');
    const row = usersTable(page).locator('tbody tr', { hasText: 'Chika Eze' });
    await expect.poll(() => row.getByRole('combobox', { name: 'Role for Chika Eze' }).inputValue()).toBe('Manager');
    // The success message clears itself (SPEC 9: 3 seconds).
    await expect.poll(() => form.getByRole('status').count()).toBe(0);

    // The same email again: the server's add-user message.
    await form.getByLabel('Email').fill('CHIKA.EZE@kobo.test');
    await form.getByLabel('Name').fill('Someone Else');
    await form.getByLabel(/^Password/).fill('secret1');
    await submit.click();
    await expectText(form, MESSAGES.addUserEmailInUse);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('can be filled and sent by keyboard alone', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openUsers(page);
    await addUserForm(page).getByLabel('Email').focus();
    await page.keyboard.type('keyboard.person@kobo.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard Person');
    await page.keyboard.press('Tab');
    await page.keyboard.type('secret1');
    await page.keyboard.press('Enter');
    await expect.poll(() => addUserForm(page).getByRole('status').textContent()).toBe(MESSAGES.userAdded);
    await searchUsers(page, 'keyboard.person');
    expect(await usersTable(page).locator('tbody tr').first().textContent()).toContain('Keyboard Person');
    await context.close();
  });
});

describe('the users table', () => {
  it('searches, sorts and pages on the server', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openUsers(page);
    const table = usersTable(page);
    await searchUsers(page, 'Seeded');
    await expect.poll(() => table.getByText('1–20 of 45').isVisible()).toBe(true);
    expect(await table.locator('tbody tr').first().textContent()).toContain('Seeded 001');

    await table.getByRole('button', { name: 'Name' }).click();
    await tablesSettled(page);
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('Seeded 045');

    await table.getByRole('button', { name: '3', exact: true }).click();
    await expect.poll(() => table.getByText('41–45 of 45').isVisible()).toBe(true);
    expect(await table.locator('tbody tr').count()).toBe(5);

    await choose(page, 'Filter by role', 'Manager');
    await expect.poll(() => table.getByText('1–15 of 15').isVisible()).toBe(true);
    await context.close();
  });

  it('changes a role, and refuses your own with the spec’s message', async () => {
    const person = await kobo.createUser('user', { name: 'Role Target' });
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openUsers(page);
    await searchUsers(page, 'Role Target');
    await choose(page, 'Role for Role Target', 'Staff');
    const table = usersTable(page);
    await expect.poll(() => table.getByRole('status').textContent()).toBe(MESSAGES.userRoleUpdated);
    // Staff get a staff ID at once.
    await expect.poll(() => table.locator('tbody tr', { hasText: 'Role Target' }).textContent()).toMatch(/STF\d{3,}/);

    await searchUsers(page, 'Ngozi Admin');
    await choose(page, 'Role for Ngozi Admin', 'User');
    await expect.poll(() => table.getByRole('alert').textContent()).toBe(MESSAGES.cannotChangeOwnRole);
    await expect.poll(() => table.getByRole('combobox', { name: 'Role for Ngozi Admin' }).inputValue()).toBe('Admin');
    expect(person.role).toBe('user');
    await context.close();
  });

  it('deactivates an account after asking, which signs its open session out; then reactivates it', async () => {
    const person = await kobo.createUser('user', { name: 'Status Target' });
    const theirs = await newPage(browser, kobo.baseURL);
    await signInQuickly(theirs.page, person);
    await theirs.page.goto('/profile');
    await theirs.page.getByRole('heading', { name: 'Profile' }).waitFor();

    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openUsers(page);
    await searchUsers(page, 'Status Target');
    const table = usersTable(page);
    await table.getByRole('button', { name: 'Deactivate Status Target' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate account' });
    // The dialog's code loads the first time one opens (components/lazy-dialog.tsx).
    await expect.poll(() => dialog.getByText(MESSAGES.confirmDeactivateUser).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => table.getByRole('status').textContent()).toBe(MESSAGES.userDeactivated);
    await expect.poll(() => table.locator('tbody tr', { hasText: 'Status Target' }).textContent()).toContain('Inactive');

    // Their browser: the next page they open sends them to sign in.
    await theirs.page.goto('/expenses');
    await theirs.page.waitForURL('**/login');
    expect(pathOf(theirs.page)).toBe('/login');
    await theirs.context.close();

    await table.getByRole('button', { name: 'Reactivate Status Target' }).click();
    await expect.poll(() => table.getByRole('status').textContent()).toBe(MESSAGES.userReactivated);
    await expect.poll(() => table.locator('tbody tr', { hasText: 'Status Target' }).textContent()).toContain('Active');
    await context.close();
  });

  it('deletes a user after the spec’s question, and refuses to delete you', async () => {
    await kobo.createUser('user', { name: 'Delete Target' });
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openUsers(page);
    const table = usersTable(page);
    await searchUsers(page, 'Delete Target');

    await table.getByRole('button', { name: 'Delete Delete Target' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete user' });
    await expect.poll(() => dialog.getByText(MESSAGES.confirmDeleteUser).isVisible()).toBe(true);
    // Cancel keeps them.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await table.getByRole('button', { name: 'Delete Delete Target' }).click();
    await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => table.getByRole('status').textContent()).toBe(MESSAGES.userDeleted);
    await expect.poll(() => table.getByText(MESSAGES.noUsersFound).isVisible()).toBe(true);

    await searchUsers(page, 'Ngozi Admin');
    await table.getByRole('button', { name: 'Delete Ngozi Admin' }).click();
    await expect.poll(() => table.getByRole('alert').textContent()).toBe(MESSAGES.cannotDeleteOwnAccount);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('says why a delete is refused: a savings balance', async () => {
    const saver = await kobo.createUser('user', { name: 'Balance Holder' });
    const api = await apiAs(kobo, admin);
    await api('POST', '/api/savings/transactions', { userId: saver.id, type: 'deposit', amount: 5 });
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await openUsers(page);
    const table = usersTable(page);
    await searchUsers(page, 'Balance Holder');
    await table.getByRole('button', { name: 'Delete Balance Holder' }).click();
    await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => table.getByRole('alert').textContent()).toBe(MESSAGES.savingsBalanceNotZero);
    expect(await table.locator('tbody tr', { hasText: 'Balance Holder' }).count()).toBe(1);
    await context.close();
  });

  it('is reachable from the admin’s navigation and not by others', async () => {
    const manager = await kobo.createUser('manager');
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, manager);
    await page.goto('/users');
    await page.waitForURL('**/expenses');
    expect(pathOf(page)).toBe('/expenses');
    await context.close();
  });
});

/** The users table, settled, with more than a handful of people in it. */
async function peopleShown(page: Page) {
  await page.getByRole('heading', { name: 'User Management' }).waitFor();
  await tablesSettled(page);
  await expect.poll(() => usersTable(page).locator('tbody tr').count()).toBeGreaterThan(5);
}

describe('how User Management looks', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'users',
    path: '/users',
    user: () => admin,
    prepare: peopleShown,
  });

  // The confirmation and the form’s error, on a phone and a desktop.
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'users-confirm',
    path: '/users',
    user: () => admin,
    prepare: async (page) => {
      await tablesSettled(page);
      await addUserForm(page).getByRole('button', { name: 'Add User' }).click();
      await usersTable(page).getByRole('button', { name: /^Delete Seeded/ }).first().click();
      await settledDialog(page, 'Delete user');
    },
  });
});
