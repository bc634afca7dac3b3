import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectBeside, expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { pathOf, signInQuickly, signInWithForm } from './support/session.ts';
import { apiAs, choose, tablesSettled } from './support/users-seed.ts';

/** Invitations and the sign-up switch (issue 15, docs/decisions/023-invitations.md), as people use them. */
let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

const addUserForm = (page: Page) => page.getByRole('region', { name: 'Add User' });
const usersTable = (page: Page) => page.getByRole('region', { name: 'Users' });

/**
 * The link in the newest invitation mailed to `email`, read from the outbox folder the way the
 * password-reset test reads its link (no SMTP_URL here); the outbox worker writes it just after
 * the invitation commits.
 */
async function invitationLink(email: string, notThis = ''): Promise<string> {
  const linkIn = () => {
    try {
      return /http:\/\/localhost:\d+(\/invitation\/[A-Za-z0-9_-]{43})/.exec(kobo.lastMailTo(email))?.[1] ?? '';
    } catch {
      return '';
    }
  };
  // A loop, not expect.poll: this also runs in a beforeAll, where expect.poll may not.
  for (let tries = 0; tries < 100; tries += 1) {
    const link = linkIn();
    if (link && link !== notThis) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no new invitation mail to ${email}`);
}

/** Invites through the API (for tests about the link's page rather than the form). */
async function invitedByApi(name: string, role = 'user'): Promise<{ id: string; email: string; link: string }> {
  const api = await apiAs(kobo, admin);
  const email = `${name.toLowerCase().replaceAll(' ', '.')}.${Date.now().toString(36)}@kobo.test`;
  const answer = (await api('POST', '/api/users/invitations', { email, name, role })) as { user: { id: string } };
  return { id: answer.user.id, email, link: await invitationLink(email) };
}

async function searchUsers(page: Page, text: string) {
  const answered = page.waitForResponse((response) => response.url().includes('/api/users?') && new URL(response.url()).searchParams.get('search') === text);
  await usersTable(page).getByLabel('Search users').fill(text);
  await answered;
  await tablesSettled(page);
}

describe('inviting a staff member', () => {
  it('sends the invitation from User Management; the link sets a password; they sign in and land on their savings', async () => {
    const email = `tunde.invited.${Date.now().toString(36)}@kobo.test`;
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    const form = addUserForm(page);
    // Setting a password stays the default; the invitation is the other choice.
    expect(await form.getByLabel(/^Password/).count()).toBe(1);
    await form.getByText('Send an invitation').click();
    expect(await form.getByLabel(/^Password/).count()).toBe(0);

    await form.getByRole('button', { name: 'Send Invitation' }).click();
    // Both empty fields are flagged at once, each beside itself, the banner summing up (decision 060).
    await expectBeside(form.getByLabel('Email'), MESSAGES.addUserEmailRequired);
    await expectBeside(form.getByLabel('Name'), MESSAGES.addUserNameRequired);
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('2 fields need attention');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Name').fill('Tunde Invited');
    await choose(page, 'Role', 'Staff');
    await form.getByLabel('Phone Number').fill('call me');
    await form.getByRole('button', { name: 'Send Invitation' }).click();
    await expectBeside(form.getByLabel('Phone Number'), MESSAGES.staffInvalidPhone);
    await form.getByLabel('Phone Number').fill('+234 803 000 1111');
    await form.getByRole('button', { name: 'Send Invitation' }).click();
    // No SMTP_URL here: the invitation is kept, not sent, and the admin gets its link (issue 26; e2e/mail-without-server.test.ts).
    await expect.poll(() => form.getByRole('status').textContent()).toContain(MESSAGES.invitationKept);

    await searchUsers(page, 'Tunde Invited');
    const row = usersTable(page).locator('tbody tr', { hasText: 'Tunde Invited' });
    await expect.poll(() => row.textContent()).toMatch(/Invited · expires \d{1,2} [A-Z][a-z]{2}/);
    expect(await row.getByRole('button', { name: 'Resend invitation to Tunde Invited' }).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: 'Withdraw invitation for Tunde Invited' }).isVisible()).toBe(true);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();

    // The invited person, on a phone, signed out.
    const link = await invitationLink(email);
    const theirs = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await theirs.page.goto(link);
    await theirs.page.getByRole('heading', { name: 'Welcome, Tunde Invited' }).waitFor();
    await expectText(theirs.page.locator('dl'), email);
    await expectText(theirs.page.locator('dl'), 'Staff');
    // Their labels end in the required mark: ' *'.
    const password = theirs.page.getByLabel(/^Password/);
    const confirm = theirs.page.getByLabel(/^Confirm Password/);
    await password.fill('12345');
    await theirs.page.getByRole('button', { name: 'Set Password' }).click();
    await expectBeside(password, MESSAGES.passwordTooShort);
    await password.fill('tunde-secret1');
    await confirm.fill('tunde-secret2');
    await theirs.page.getByRole('button', { name: 'Set Password' }).click();
    await expectBeside(confirm, MESSAGES.passwordsDoNotMatch);
    await confirm.fill('tunde-secret1');
    await theirs.page.getByRole('button', { name: 'Set Password' }).click();

    await theirs.page.waitForURL('**/login');
    await expect.poll(() => theirs.page.getByRole('status').textContent()).toBe(MESSAGES.invitationAccepted);
    expect(await theirs.page.getByLabel('Email').inputValue()).toBe(email);
    await screenshot(theirs.page, 'invitation-accepted-login-375');
    await signInWithForm(theirs.page, email, 'tunde-secret1');
    await theirs.page.waitForURL('**/staff-savings');
    expect(pathOf(theirs.page)).toBe('/staff-savings');

    // The link worked once.
    await theirs.page.goto(link);
    await theirs.page.getByRole('heading', { name: 'Invitation Already Used' }).waitFor();
    await expectText(theirs.page.getByRole('alert'), MESSAGES.invitationUsed);
    expect(unexpectedErrors(pageErrorsOf(theirs.page))).toEqual([]);
    await theirs.context.close();
  });

  it('withdraws and resends from the table; a withdrawn or expired link says to ask for a new invitation', async () => {
    const person = await invitedByApi('Funmi Withdrawn');
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/users');
    await searchUsers(page, 'Funmi Withdrawn');
    const table = usersTable(page);
    const row = table.locator('tbody tr', { hasText: 'Funmi Withdrawn' });
    await row.getByRole('button', { name: 'Withdraw invitation for Funmi Withdrawn' }).click();
    await expect.poll(() => table.getByRole('status').textContent()).toBe(MESSAGES.invitationWithdrawn);
    await expect.poll(() => row.textContent()).toContain('Invitation withdrawn');

    const visitor = await newPage(browser, kobo.baseURL);
    await visitor.page.goto(person.link);
    await visitor.page.getByRole('heading', { name: 'Invitation Withdrawn' }).waitFor();
    await expectText(visitor.page.getByRole('alert'), 'Ask an administrator to send a new invitation.');

    await row.getByRole('button', { name: 'Send invitation to Funmi Withdrawn' }).click();
    await expect.poll(() => table.getByRole('status').textContent()).toContain(MESSAGES.invitationResentKept);
    await expect.poll(() => row.textContent()).toContain('Invited · expires');
    const fresh = await invitationLink(person.email, person.link);

    // Past its seven days (moved there in the database): expired, in the page and the table.
    await kobo.app.kobo.database.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where user_id = ${person.id} and revoked_at is null`);
    await visitor.page.goto(fresh);
    await visitor.page.getByRole('heading', { name: 'Invitation Expired' }).waitFor();
    await expectText(visitor.page.getByRole('alert'), MESSAGES.invitationExpired);
    await visitor.page.getByRole('link', { name: 'Go to Login' }).click();
    await visitor.page.waitForURL('**/login');
    await visitor.context.close();

    await page.reload();
    await searchUsers(page, 'Funmi Withdrawn');
    await expect.poll(() => row.textContent()).toContain('Invitation expired');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('says a made-up link is not an invitation', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await page.goto('/invitation/not-a-real-token');
    await page.getByRole('heading', { name: 'Invitation Not Found' }).waitFor();
    await expectText(page.getByRole('alert'), MESSAGES.invitationNotFound);
    expect(await page.getByLabel(/^Password/).count()).toBe(0);
    await context.close();
  });
});

describe('the sign-up switch', () => {
  it('turns sign-up off in Settings: /signup then says accounts are by invitation and links to login, with no form', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/settings/sign-up');
    await pageSettled(page, 'Sign-up');
    const toggle = page.getByRole('region', { name: 'Sign-up' }).getByRole('switch', { name: 'Open sign-up' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => page.getByRole('region', { name: 'Sign-up' }).getByRole('status').textContent()).toBe(MESSAGES.signUpSettingSaved);
    expect(await toggle.isChecked()).toBe(false);
    await page.getByRole('region', { name: 'Sign-up' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-sign-up-off-1280');

    const visitor = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await visitor.page.goto('/signup');
    await visitor.page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await expectText(visitor.page.getByRole('note'), MESSAGES.signUpClosed);
    expect(await visitor.page.getByLabel('Full Name').count()).toBe(0);
    expect(await visitor.page.getByRole('button', { name: 'Sign Up' }).count()).toBe(0);
    await screenshot(visitor.page, 'signup-closed-375');
    await visitor.page.getByRole('link', { name: 'Go to Login' }).click();
    await visitor.page.waitForURL('**/login');
    // Nor does the login page point to it.
    await visitor.page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await visitor.page.getByRole('link', { name: 'Create an account' }).count()).toBe(0);

    // On again: the spec's form is back.
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await visitor.page.goto('/signup');
    await visitor.page.getByLabel('Full Name').waitFor();
    expect(await visitor.page.getByRole('button', { name: 'Sign Up' }).isVisible()).toBe(true);
    expect(unexpectedErrors(pageErrorsOf(visitor.page))).toEqual([]);
    await visitor.context.close();
    await context.close();
  });
});

describe('how the invitation screens look', () => {
  let link = '';
  beforeAll(async () => {
    link = (await invitedByApi('Looks Invited', 'staff')).link;
  });

  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'invitation',
    path: () => link,
    user: () => admin,
    prepare: async (page) => {
      await page.getByRole('heading', { name: 'Welcome, Looks Invited' }).waitFor();
      await page.getByRole('button', { name: 'Set Password' }).click();
      await page.getByText(MESSAGES.passwordTooShort).first().waitFor();
    },
  });

  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'users-invited',
    path: '/users',
    user: () => admin,
    prepare: async (page) => {
      await tablesSettled(page);
      await addUserForm(page).getByText('Send an invitation').click();
      await choose(page, 'Role', 'Staff');
      await usersTable(page).getByText(/Invited · expires/).first().waitFor();
    },
  });

  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'invitation-expired',
    path: () => link,
    user: () => admin,
    prepare: async (page) => {
      await kobo.app.kobo.database.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where expires_at > now()`);
      await page.reload();
      await page.getByRole('heading', { name: 'Invitation Expired' }).waitFor();
    },
  });
});
