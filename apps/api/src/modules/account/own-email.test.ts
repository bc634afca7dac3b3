import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { users, verifications } from '../../db/schema.ts';
import { createTestContext, uniqueEmail, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
/** The app's clock: tests move it to try a link's 24 hours. */
let clock = new Date('2026-11-23T09:00:00.000Z');

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ SMTP_URL: smtp.url, APP_URL: 'https://kobo.example' }, () => clock);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const db = () => ctx.app.kobo.database.db;
const LINK_SENT = { message: 'We sent a confirmation link to the new address. Your email changes once you open it; until then it stays as it is.' };
const LINK_INVALID = { error: 'EMAIL_CHANGE_LINK_INVALID', message: 'This confirmation link is not valid, or it was already used.', field: 'token' };

function askForChange(client: SignedInClient, newEmail: string, currentPassword = 'password1') {
  return client.post('/api/account/email', { newEmail, currentPassword });
}

function confirm(token: string) {
  return ctx.client().post('/api/account/email/confirm', { token });
}

/** The newest mail to `address` over SMTP, once the outbox has sent what is due. */
async function lastMailTo(address: string) {
  await ctx.app.kobo.outbox.drain();
  const mail = smtp.received.findLast((message) => message.to.includes(address));
  if (!mail) throw new Error(`no mail for ${address}`);
  return mail;
}

async function tokenMailedTo(address: string): Promise<string> {
  const mail = await lastMailTo(address);
  const link = /https:\/\/kobo\.example\/confirm-email\?token=[\w%.-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no confirmation link in:\n${mail.text}`);
  return new URL(link).searchParams.get('token') ?? '';
}

async function emailOf(userId: string) {
  const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

async function pendingRows() {
  return db().select().from(verifications).where(like(verifications.identifier, 'email-change:%'));
}

async function mailCount() {
  const [row] = await queryRows<{ count: number }>(db(), sql`select count(*)::int as count from mail_outbox`);
  return row?.count;
}

describe('Change email on /profile', () => {
  it('mails a link to the new address, and changes nothing until it is opened', async () => {
    clock = new Date('2026-11-23T09:00:00.000Z');
    const user = await ctx.signedIn('user', { email: 'ada.before@kobo.test' });
    const response = await askForChange(user, '  Ada.After@Kobo.TEST ');
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual(LINK_SENT);

    const mail = await lastMailTo('ada.after@kobo.test');
    expect(mail.raw).toContain('Subject: Confirm your new Kobo email address');
    expect(mail.text).toContain('Hello Test user,');
    expect(mail.text).toContain('You asked to sign in to Kobo with this address, ada.after@kobo.test, from now on.');
    expect(mail.text).toContain('The link works once and expires in 24 hours.');
    const token = await tokenMailedTo('ada.after@kobo.test');
    expect(token).toMatch(/^[\w-]{43}$/);

    // Nothing changed yet, and the database keeps only the token's SHA-256.
    expect(await emailOf(user.userId)).toBe('ada.before@kobo.test');
    expect((await user.get('/api/auth/session')).json().user.email).toBe('ada.before@kobo.test');
    const pending = (await pendingRows()).filter((row) => row.identifier === `email-change:${user.userId}`);
    expect(pending).toEqual([
      {
        id: createHash('sha256').update(token).digest('hex'),
        identifier: `email-change:${user.userId}`,
        value: 'ada.after@kobo.test',
        expiresAt: new Date('2026-11-24T09:00:00.000Z'),
        createdAt: new Date('2026-11-23T09:00:00.000Z'),
        updatedAt: new Date('2026-11-23T09:00:00.000Z'),
      },
    ]);
    expect(JSON.stringify(await pendingRows())).not.toContain(token);
  });

  it('changes the email when the link is opened, once; tells the old address; audits', async () => {
    clock = new Date('2026-11-23T10:00:00.000Z');
    const user = await ctx.signedIn('staff', { email: 'bola.old@kobo.test' });
    await askForChange(user, 'bola.new@kobo.test');
    const token = await tokenMailedTo('bola.new@kobo.test');

    // Opened in another browser, signed out: the link is the proof.
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'bola.new@kobo.test', message: 'Your email is now bola.new@kobo.test.' });
    expect(await emailOf(user.userId)).toBe('bola.new@kobo.test');
    expect((await user.get('/api/auth/session')).json().user.email).toBe('bola.new@kobo.test');
    expect(await pendingRows()).not.toContainEqual(expect.objectContaining({ identifier: `email-change:${user.userId}` }));

    const notice = await lastMailTo('bola.old@kobo.test');
    expect(notice.raw).toContain('Subject: Your Kobo email address was changed');
    expect(notice.text).toContain('The email address of your Kobo account was changed from bola.old@kobo.test to bola.new@kobo.test.');
    expect(notice.text).toContain('If you did not make this change, contact your Kobo administrator at once.');

    const audit = await queryRows<Record<string, unknown>>(db(), sql`select actor_id, actor_email, target_id, before, after from audit_log where kind = 'user.email_changed' and target_id = ${user.userId}`);
    expect(audit).toEqual([{ actor_id: user.userId, actor_email: 'bola.old@kobo.test', target_id: user.userId, before: { email: 'bola.old@kobo.test' }, after: { email: 'bola.new@kobo.test' } }]);

    // The new address signs in; the old one is no account any more.
    expect((await ctx.client().post('/api/auth/sign-in', { email: 'bola.new@kobo.test', password: 'password1' })).statusCode).toBe(200);
    const old = await ctx.client().post('/api/auth/sign-in', { email: 'bola.old@kobo.test', password: 'password1' });
    expect(old.json().message).toBe('No account exists with this email.');

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(LINK_INVALID);
  });

  it('expires the link after 24 hours, and then changes nothing', async () => {
    clock = new Date('2026-11-23T11:00:00.000Z');
    const late = await ctx.signedIn('user', { email: 'chi.old@kobo.test' });
    await askForChange(late, 'chi.new@kobo.test');
    const lateToken = await tokenMailedTo('chi.new@kobo.test');
    const onTime = await ctx.signedIn('user', { email: 'dayo.old@kobo.test' });
    await askForChange(onTime, 'dayo.new@kobo.test');
    const onTimeToken = await tokenMailedTo('dayo.new@kobo.test');

    clock = new Date('2026-11-24T10:59:59.999Z');
    expect((await confirm(onTimeToken)).statusCode).toBe(200);
    clock = new Date('2026-11-24T11:00:00.000Z');
    const expired = await confirm(lateToken);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ error: 'EMAIL_CHANGE_LINK_EXPIRED', message: 'This confirmation link has expired. Ask for a new one on your profile.', field: 'token' });
    expect(await emailOf(late.userId)).toBe('chi.old@kobo.test');
    expect(await emailOf(onTime.userId)).toBe('dayo.new@kobo.test');
  });

  it('changes the email once when the link is opened twice at the same moment', async () => {
    clock = new Date('2026-11-23T11:30:00.000Z');
    const user = await ctx.signedIn('user', { email: 'twin.old@kobo.test' });
    await askForChange(user, 'twin.new@kobo.test');
    const token = await tokenMailedTo('twin.new@kobo.test');
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([200, 400]);
    const audit = await queryRows<{ count: number }>(db(), sql`select count(*)::int as count from audit_log where kind = 'user.email_changed' and target_id = ${user.userId}`);
    expect(audit).toEqual([{ count: 1 }]);
    await ctx.app.kobo.outbox.drain();
    expect(smtp.received.filter((mail) => mail.to.includes('twin.old@kobo.test'))).toHaveLength(1);
  });

  it('lets only the newest request’s link work', async () => {
    clock = new Date('2026-11-23T12:00:00.000Z');
    const user = await ctx.signedIn('user');
    await askForChange(user, 'first.choice@kobo.test');
    const first = await tokenMailedTo('first.choice@kobo.test');
    await askForChange(user, 'second.choice@kobo.test');
    const second = await tokenMailedTo('second.choice@kobo.test');
    expect((await pendingRows()).filter((row) => row.identifier === `email-change:${user.userId}`)).toHaveLength(1);

    expect((await confirm(first)).json()).toEqual(LINK_INVALID);
    expect((await confirm(second)).json().email).toBe('second.choice@kobo.test');
  });

  it('refuses an address that already has an account, before and after the link is mailed', async () => {
    clock = new Date('2026-11-23T13:00:00.000Z');
    const taken = await ctx.signedIn('user', { email: 'taken.already@kobo.test' });
    const user = await ctx.signedIn('user', { email: 'efe.old@kobo.test' });
    const mailsBefore = await mailCount();
    const refused = await askForChange(user, 'TAKEN.already@kobo.test');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'EMAIL_IN_USE', message: 'An account with this email already exists.', field: 'newEmail' });
    expect(await mailCount()).toBe(mailsBefore);
    expect(await pendingRows()).not.toContainEqual(expect.objectContaining({ identifier: `email-change:${user.userId}` }));
    expect(taken.userId).not.toBe(user.userId);

    // Free when asked for, taken before the link is opened: refused, and the email stays.
    await askForChange(user, 'free.then@kobo.test');
    const token = await tokenMailedTo('free.then@kobo.test');
    await ctx.signedIn('manager', { email: 'free.then@kobo.test' });
    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'EMAIL_IN_USE', message: 'An account with this email already exists.' });
    expect(await emailOf(user.userId)).toBe('efe.old@kobo.test');
  });

  it.each([
    ['a wrong current password', { newEmail: 'never.mind@kobo.test', currentPassword: 'not-it' }, { error: 'CURRENT_PASSWORD_WRONG', message: 'Incorrect password.', field: 'currentPassword' }],
    ['no current password', { newEmail: 'never.mind@kobo.test', currentPassword: '' }, { error: 'VALIDATION', message: 'Please enter your current password', field: 'currentPassword' }],
    ['no new address', { newEmail: ' ', currentPassword: 'password1' }, { error: 'VALIDATION', message: 'Please enter the new email address', field: 'newEmail' }],
    ['a malformed address', { newEmail: 'not-an-email', currentPassword: 'password1' }, { error: 'VALIDATION', message: 'Invalid email address.', field: 'newEmail' }],
  ])('refuses %s with 400 and mails nothing', async (_label, body, answer) => {
    const user = await ctx.signedIn('user', { email: uniqueEmail('refused') });
    const mailsBefore = await mailCount();
    const response = await user.post('/api/account/email', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(answer);
    expect(await mailCount()).toBe(mailsBefore);
    expect(await pendingRows()).not.toContainEqual(expect.objectContaining({ identifier: `email-change:${user.userId}` }));
  });

  it('refuses the address it already has', async () => {
    const user = await ctx.signedIn('user', { email: 'same.one@kobo.test' });
    const response = await askForChange(user, 'SAME.ONE@kobo.test');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'SAME_EMAIL', message: 'This is already your email address', field: 'newEmail' });
  });

  it.each([
    ['a made-up token', { token: 'made-up-token' }, 400, LINK_INVALID],
    ['an empty token', { token: '' }, 400, { error: 'VALIDATION', message: 'This confirmation link is not valid, or it was already used.', field: 'token' }],
    ['a 10,000-character token', { token: 'x'.repeat(10_000) }, 400, { error: 'VALIDATION', message: 'This confirmation link is not valid, or it was already used.', field: 'token' }],
    ['a NUL byte', { token: 'abc\u0000' }, 400, { error: 'UNSUPPORTED_CHARACTERS' }],
  ])('refuses %s at the confirmation', async (_label, body, status, answer) => {
    const response = await ctx.client().post('/api/account/email/confirm', body);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject(answer);
  });

  it('refuses the link of an account deactivated since, and changes nothing', async () => {
    clock = new Date('2026-11-23T14:00:00.000Z');
    const user = await ctx.signedIn('user', { email: 'gone.quiet@kobo.test' });
    await askForChange(user, 'gone.loud@kobo.test');
    const token = await tokenMailedTo('gone.loud@kobo.test');
    await ctx.setActive(user.userId, false);
    const response = await confirm(token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This account is disabled. Contact an administrator.');
    expect(await emailOf(user.userId)).toBe('gone.quiet@kobo.test');
  });
});
