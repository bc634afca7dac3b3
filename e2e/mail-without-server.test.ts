import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf, PHONE } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';
import { apiAs, tablesSettled } from './support/users-seed.ts';

/**
 * Issue 26, part 3 (docs/decisions/037-mail-without-a-server.md): this server has no SMTP_URL, so
 * its mail is only written to the outbox folder. Nothing may say "sent": the admin is told it was
 * not, and given the link to hand over, with a copy button; Settings › Outgoing mail says why.
 */
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

let people = 0;
function newEmail(name: string): string {
  people += 1;
  return `${name.toLowerCase().replaceAll(' ', '.')}.${people}.${Date.now().toString(36)}@kobo.test`;
}

/** The mail the outbox folder keeps for `email`, once the outbox has written it ('' until then). */
function keptMailTo(email: string): string {
  try {
    return kobo.lastMailTo(email);
  } catch {
    return '';
  }
}

const addUserForm = (page: Page) => page.getByRole('region', { name: 'Add User' });

async function inviteWithForm(page: Page, email: string, name: string) {
  const form = addUserForm(page);
  await form.getByText('Send an invitation').click();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  return form.getByRole('status');
}

// First in the file: the only mails kept by then are the two this test makes.
describe('Settings › Outgoing mail without a mail server', () => {
  it('says no mail server is set, how many mails were kept and not sent, and how to set one', async () => {
    const api = await apiAs(kobo, admin);
    const first = newEmail('Ada Kept');
    const second = newEmail('Bola Kept');
    await api('POST', '/api/users/invitations', { email: first, name: 'Ada Kept', role: 'user' });
    await api('POST', '/api/users/invitations', { email: second, name: 'Bola Kept', role: 'user' });
    await expect.poll(() => keptMailTo(first) !== '' && keptMailTo(second) !== '', { timeout: 20_000 }).toBe(true);

    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/settings/mail');
    await pageSettled(page, 'Mail');
    const outgoing = page.getByRole('region', { name: 'Outgoing mail' });
    const note = outgoing.getByRole('note');
    await expectText(note, 'No mail server is set, so Kobo sends no mail.');
    await expectText(note, '2 mails were kept on the server, in its outbox folder, and not sent.');
    await expectText(note, 'To send mail, set SMTP_URL (and MAIL_FROM) as the README\'s "Mail" section says, and restart Kobo.');
    await expectText(outgoing.locator('dl'), 'Kept, not sent2');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('inviting without a mail server', () => {
  it('says the invitation was not sent, shows the link the kept mail holds, and its copy button copies it', async () => {
    const email = newEmail('Kemi Kept');
    const { context, page } = await newPage(browser, kobo.baseURL);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: kobo.baseURL });
    await signInQuickly(page, admin);
    await page.goto('/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    const notice = await inviteWithForm(page, email, 'Kemi Kept');
    await expectText(notice, 'Not sent');
    await expectText(notice, 'No mail server is set, so the invitation was not sent. Give the person this link yourself: it works once and expires in 7 days.');
    expect(await notice.textContent()).not.toContain(MESSAGES.invitationSent);
    await expectText(notice, `Kemi Kept (${email})`);
    const link = (await notice.locator('pre').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${kobo.baseURL}/invitation/[A-Za-z0-9_-]{43}$`));
    await expect.poll(() => keptMailTo(email), { timeout: 20_000 }).toContain(`\n${link}\n`);

    await notice.getByRole('button', { name: 'Copy link for Kemi Kept' }).click();
    await notice.getByRole('button', { name: 'Copied link for Kemi Kept' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // It stays past a success message's three seconds: the admin may be busy handing it over.
    await page.waitForTimeout(3_500);
    expect(await notice.locator('pre').textContent()).toBe(link);

    // The person opens the link they were handed, on a phone.
    const theirs = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await theirs.page.goto(link);
    await theirs.page.getByRole('heading', { name: 'Welcome, Kemi Kept' }).waitFor();
    await theirs.context.close();

    await notice.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('resent from the table, says the new invitation was not sent and shows its new link', async () => {
    const api = await apiAs(kobo, admin);
    const email = newEmail('Funmi Again');
    const invited = (await api('POST', '/api/users/invitations', { email, name: 'Funmi Again', role: 'user' })) as { mail: { links: { link: string }[] } };
    const firstLink = invited.mail.links[0]?.link ?? '';
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/users');
    const table = page.getByRole('region', { name: 'Users' });
    const answered = page.waitForResponse((response) => response.url().includes('/api/users?') && new URL(response.url()).searchParams.get('search') === 'Funmi Again');
    await table.getByLabel('Search users').fill('Funmi Again');
    await answered;
    await tablesSettled(page);
    await table.locator('tbody tr', { hasText: 'Funmi Again' }).getByRole('button', { name: 'Resend invitation to Funmi Again' }).click();
    const notice = table.getByRole('status');
    await expectText(notice, 'No mail server is set, so the new invitation was not sent. Give the person this link yourself: the earlier link no longer works.');
    const link = (await notice.locator('pre').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${kobo.baseURL}/invitation/[A-Za-z0-9_-]{43}$`));
    expect(link).not.toBe(firstLink);
    expect(await notice.getByRole('button', { name: 'Copy link for Funmi Again' }).isVisible()).toBe(true);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});

describe('the screens that say mail was kept', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'users-invitation-kept',
    path: '/users',
    user: () => admin,
    prepare: async (page) => {
      await page.getByRole('heading', { name: 'User Management' }).waitFor();
      const notice = await inviteWithForm(page, newEmail('Look Kept'), 'Look Kept');
      await notice.getByRole('button', { name: 'Copy link for Look Kept' }).waitFor();
    },
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'settings-outgoing-mail-no-server',
    path: '/settings/mail',
    user: () => admin,
    prepare: async (page) => {
      await pageSettled(page, 'Mail');
      const outgoing = page.getByRole('region', { name: 'Outgoing mail' });
      await outgoing.getByRole('note').waitFor();
      await outgoing.scrollIntoViewIfNeeded();
    },
  });
});
