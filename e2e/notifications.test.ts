import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import { queryRows } from '../apps/api/src/db/client.ts';
import { launchBrowser, newPage, pageErrorsOf, PHONE } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { expectText, itFitsEveryLook, pageSettled, unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let staff: TestUser;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  staff = await kobo.createUser('staff', { name: 'Sola Staff' });
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

const db = () => kobo.app.kobo.database.db;
const section = (page: Page, name: string) => page.getByRole('region', { name });

/** A mail the outbox gave up on after its last try, as the worker leaves one (this server has no mail server to refuse it). */
async function failedMail(to: string, subject: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`insert into mail_outbox (kind, to_email, subject, body, attempts, failed_at, last_error, next_attempt_at)
        values ('savings.receipt', ${to}, ${subject}, ${`Hello, ${to}`}, 8, now(), '550 5.1.1 mailbox unavailable', now() + interval '1 hour')
        returning id`,
  );
  return row?.id ?? '';
}

describe('Email notifications in User Settings', () => {
  it('turns a kind of mail off with a switch, and it stays off after a reload', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, staff);
    await page.goto('/user-settings');
    await pageSettled(page, 'User Settings');
    const mail = section(page, 'Email notifications');
    const statements = mail.getByRole('switch', { name: 'Monthly statements' });
    await expect.poll(() => statements.isChecked()).toBe(true);
    expect(await mail.getByRole('switch', { name: 'Savings receipts' }).isChecked()).toBe(true);
    expect(await mail.getByRole('switch', { name: 'Loan updates' }).isChecked()).toBe(true);

    await statements.click();
    await expectText(mail.getByRole('status'), MESSAGES.mailPreferencesSaved);
    // By keyboard too: Space on the focused switch.
    await mail.getByRole('switch', { name: 'Savings receipts' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => mail.getByRole('switch', { name: 'Savings receipts' }).isChecked()).toBe(false);
    await expect.poll(async () => (await page.request.get('/api/account/mail-preferences')).json()).toEqual({
      preferences: { postings: false, loans: true, statements: false },
    });

    await page.reload();
    await pageSettled(page, 'User Settings');
    await expect.poll(() => statements.isChecked()).toBe(false);
    expect(await mail.getByRole('switch', { name: 'Savings receipts' }).isChecked()).toBe(false);
    expect(await mail.getByRole('switch', { name: 'Loan updates' }).isChecked()).toBe(true);

    await statements.click();
    await expect.poll(() => statements.isChecked()).toBe(true);
    await page.reload();
    await pageSettled(page, 'User Settings');
    await expect.poll(() => statements.isChecked()).toBe(true);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('shows the refusal beside the switch and in a banner when a change cannot be saved', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, staff);
    await page.route('**/api/account/mail-preferences', async (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"INTERNAL","message":"x"}' }) : route.continue(),
    );
    await page.goto('/user-settings');
    await pageSettled(page, 'User Settings');
    const mail = section(page, 'Email notifications');
    const loans = mail.getByRole('switch', { name: 'Loan updates' });
    await expect.poll(() => loans.isChecked()).toBe(true);
    await loans.click();
    await expectText(mail.getByRole('alert'), MESSAGES.saveMailPreferencesFailed);
    await expect.poll(() => loans.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await loans.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ').find((id) => id.endsWith('-error'))}"]`).textContent()).toBe(MESSAGES.saveMailPreferencesFailed);
    // Nothing was saved: the switch shows what the server holds.
    await expect.poll(() => loans.isChecked()).toBe(true);
    await context.close();
  });
});

describe('Outgoing mail in Settings', () => {
  it('lists failed mail with its error, and Retry puts it back in the queue, which sends it', async () => {
    const id = await failedMail('retry.me@kobo.test', 'Deposit of ₦5,000.00 on your savings');
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, admin);
    await page.goto('/settings/mail');
    await pageSettled(page, 'Mail');
    const outgoing = section(page, 'Outgoing mail');
    const failedList = outgoing.getByRole('table', { name: 'Failed mail' });
    const row = failedList.getByRole('row').filter({ hasText: 'retry.me@kobo.test' });
    await expectText(row, 'Deposit of ₦5,000.00 on your savings');
    await expectText(row, '550 5.1.1 mailbox unavailable');
    await expectText(row, 'Savings receipt');
    await expectText(outgoing, 'Failed');

    await row.getByRole('button', { name: /^Retry the mail to retry\.me@kobo\.test/ }).click();
    await expectText(outgoing.getByRole('status'), MESSAGES.mailRetried);
    await expect.poll(() => failedList.getByRole('row').filter({ hasText: 'retry.me@kobo.test' }).count()).toBe(0);
    // No SMTP_URL on this server: the outbox writes the mail to a file, once sent.
    await expect.poll(async () => (await queryRows<{ sent: boolean }>(db(), sql`select sent_at is not null as sent from mail_outbox where id = ${id}`))[0]?.sent, { timeout: 20_000 }).toBe(true);
    expect(kobo.lastMailTo('retry.me@kobo.test')).toContain('Subject: Deposit of ₦5,000.00 on your savings');
    const audit = (await (await page.request.get('/api/audit?kind=mail.retried')).json()) as { entries: { target: { label: string } }[] };
    expect(audit.entries[0]?.target.label).toBe('Savings receipt to retry.me@kobo.test');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('shows each failed mail as a card with its Retry on a phone', async () => {
    await failedMail('phone.card@kobo.test', 'Your savings statement for February 2026');
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, admin);
    await page.goto('/settings/mail');
    await pageSettled(page, 'Mail');
    const outgoing = section(page, 'Outgoing mail');
    const card = outgoing.getByRole('list', { name: 'Failed mail' }).getByRole('listitem').filter({ hasText: 'phone.card@kobo.test' });
    await expectText(card, 'Your savings statement for February 2026');
    await expectText(card, '550 5.1.1 mailbox unavailable');
    expect(await card.getByRole('button', { name: /^Retry/ }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('the notification screens', () => {
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'user-settings-notifications',
    path: '/user-settings',
    user: () => staff,
    prepare: async (page) => {
      await pageSettled(page, 'User Settings');
      await section(page, 'Email notifications').getByRole('switch', { name: 'Monthly statements' }).waitFor();
    },
  });
  itFitsEveryLook(() => ({ browser, baseURL: kobo.baseURL }), {
    name: 'settings-outgoing-mail',
    path: '/settings/mail',
    user: () => admin,
    prepare: async (page) => {
      if ((await queryRows(db(), sql`select id from mail_outbox where failed_at is not null`)).length === 0) {
        await failedMail('a.very.long.address.for.a.narrow.screen@kobo.test', 'Loan repayment of ₦12,200.00 received');
      }
      await pageSettled(page, 'Mail');
      await section(page, 'Outgoing mail').getByRole('button', { name: /^Retry/ }).first().waitFor();
    },
  });
});
