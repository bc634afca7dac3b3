import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { accounts, sessions } from '../../db/schema.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const db = () => ctx.app.kobo.database.db;

/** A second browser of the same person, signed in on its own. */
async function secondSession(of: SignedInClient) {
  const other = ctx.client();
  expect((await other.post('/api/auth/sign-in', { email: of.email, password: of.password })).statusCode).toBe(200);
  return other;
}

async function passwordHashOf(userId: string) {
  const [row] = await db().select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, userId));
  return row?.password;
}

async function sessionTokensOf(userId: string) {
  const rows = await db().select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, userId));
  return rows.map((row) => row.token).toSorted();
}

function changePassword(client: SignedInClient, body: Record<string, unknown>) {
  return client.post('/api/account/password', body);
}

describe('Change password on /profile', () => {
  it('ends every other session, keeps this one signed in, and lets only the new password sign in', async () => {
    const user = await ctx.signedIn('user');
    const phone = await secondSession(user);
    const cookieBefore = new Map(user.cookies);

    const response = await changePassword(user, { currentPassword: 'password1', newPassword: 'brand-new-1' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Your password has been changed. Any other device signed in to your account has been signed out.' });
    // A new session cookie for this browser: the old session ended with the others.
    const cookie = response.cookies.find((set) => set.name.endsWith('session_token'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).not.toBe([...cookieBefore.values()][0]);

    expect((await user.get('/api/auth/session')).json().user).toMatchObject({ id: user.userId });
    expect((await user.get('/api/expenses')).statusCode).toBe(200);
    expect((await phone.get('/api/expenses')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/session')).json()).toEqual({ user: null });
    expect(await sessionTokensOf(user.userId)).toHaveLength(1);

    const old = await ctx.client().post('/api/auth/sign-in', { email: user.email, password: 'password1' });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Incorrect password.');
    expect((await ctx.client().post('/api/auth/sign-in', { email: user.email, password: 'brand-new-1' })).statusCode).toBe(200);
  });

  it('refuses a wrong current password beside its field, and changes nothing', async () => {
    const user = await ctx.signedIn('staff');
    const phone = await secondSession(user);
    const hashBefore = await passwordHashOf(user.userId);
    const sessionsBefore = await sessionTokensOf(user.userId);

    const response = await changePassword(user, { currentPassword: 'not-my-password', newPassword: 'brand-new-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'CURRENT_PASSWORD_WRONG', message: 'Incorrect password.', field: 'currentPassword' });
    expect(response.headers['set-cookie']).toBeUndefined();

    expect(await passwordHashOf(user.userId)).toBe(hashBefore);
    expect(await sessionTokensOf(user.userId)).toEqual(sessionsBefore);
    expect((await user.get('/api/auth/session')).json().user).toMatchObject({ id: user.userId });
    expect((await phone.get('/api/auth/session')).json().user).toMatchObject({ id: user.userId });
    expect((await ctx.client().post('/api/auth/sign-in', { email: user.email, password: 'password1' })).statusCode).toBe(200);
  });

  it.each([
    ['no current password', { currentPassword: '', newPassword: 'brand-new-1' }, MESSAGES.enterCurrentPassword, 'currentPassword'],
    ['a new password of 5 characters', { currentPassword: 'password1', newPassword: '12345' }, 'Password must be at least 6 characters', 'newPassword'],
    ['a new password of 129 characters', { currentPassword: 'password1', newPassword: 'p'.repeat(129) }, 'Password must be at most 128 characters', 'newPassword'],
    ['a current password longer than any allowed', { currentPassword: 'p'.repeat(10_000), newPassword: 'brand-new-1' }, 'Incorrect password.', 'currentPassword'],
  ])('refuses %s with the sign-up rules, and changes nothing', async (_label, body, message, field) => {
    const user = await ctx.signedIn('manager');
    const hashBefore = await passwordHashOf(user.userId);
    const response = await changePassword(user, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message, field });
    expect(await passwordHashOf(user.userId)).toBe(hashBefore);
  });

  it('records the change in the audit log without any password in it', async () => {
    const user = await ctx.signedIn('admin');
    expect((await changePassword(user, { currentPassword: 'password1', newPassword: 'secret-audit-9' })).statusCode).toBe(200);
    const entries = await queryRows<Record<string, unknown>>(db(), sql`select * from audit_log where kind = 'user.password_changed' and actor_id = ${user.userId}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ target_type: 'user', target_id: user.userId, before: null, after: { otherSessionsEnded: true } });
    const written = JSON.stringify(entries);
    expect(written).not.toContain('password1');
    expect(written).not.toContain('secret-audit-9');
  });
});

describe('wrong current passwords and the sign-in throttle', () => {
  let throttled: TestContext;
  beforeAll(async () => {
    throttled = await createTestContext({ SIGN_IN_MAX_FAILURES: '50', SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3' });
  });
  afterAll(async () => throttled?.close());

  it('count toward the account’s sign-in limit: past it, both the form and sign-in wait', async () => {
    const user = await throttled.signedIn('user');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await user.post('/api/account/password', { currentPassword: 'guess', newPassword: 'brand-new-1' })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    const waiting = await user.post('/api/account/password', { currentPassword: 'password1', newPassword: 'brand-new-1' });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({ error: 'TOO_MANY_ATTEMPTS', message: 'Too many failed attempts. Please try again later.', field: 'currentPassword' });
    expect((await throttled.client().post('/api/auth/sign-in', { email: user.email, password: 'password1' })).statusCode).toBe(429);
  });

  it('do not count a right one', async () => {
    const user = await throttled.signedIn('user');
    // Four right ones in a row, one more than the account's limit of failures.
    const passwords = ['password1', 'second-pass-2', 'third-pass-3', 'fourth-pass-4', 'fifth-pass-5'];
    for (let index = 1; index < passwords.length; index++) {
      const response = await user.post('/api/account/password', { currentPassword: passwords[index - 1], newPassword: passwords[index] });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await throttled.client().post('/api/auth/sign-in', { email: user.email, password: 'fifth-pass-5' })).statusCode).toBe(200);
  });
});
