import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { sessions } from '../db/schema.ts';
import { createTestContext, TestClient, type SignedInClient, type TestContext } from '../test/test-app.ts';
import { SESSION_EXPIRES_IN_SECONDS } from './auth.ts';
import { verifiedToken } from './session-actor.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const SESSION_COOKIE = 'kobo.session_token';

function sessionCookieOf(client: SignedInClient): string {
  const value = client.cookies.get(SESSION_COOKIE);
  if (!value) throw new Error('no session cookie');
  return decodeURIComponent(value);
}

function clientWithCookie(value: string): TestClient {
  const client = ctx.client();
  client.cookies.set(SESSION_COOKIE, encodeURIComponent(value));
  return client;
}

function tokenOf(client: SignedInClient): string {
  return sessionCookieOf(client).split('.')[0] ?? '';
}

async function sessionRow(client: SignedInClient, token = tokenOf(client)) {
  const [row] = await ctx.app.kobo.database.db.select().from(sessions).where(eq(sessions.token, token));
  return row;
}

describe('reading the session cookie', () => {
  it('accepts the cookie Better Auth signed and answers as its user', async () => {
    const user = await ctx.signedIn('user');
    const me = await user.get('/api/auth/session');
    expect(me.json().user).toMatchObject({ id: user.userId, email: user.email, role: 'user' });
    expect((await user.get('/api/expenses')).statusCode).toBe(200);
  });

  it('refuses a cookie whose signature was altered, or that was signed with another secret', async () => {
    const user = await ctx.signedIn('user');
    const [token, signature = ''] = sessionCookieOf(user).split('.');
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const forgedWithOtherSecret = createHmac('sha256', 'not-the-secret').update(token ?? '').digest('base64');
    for (const value of [`${token}.${flipped}`, `${token}.${forgedWithOtherSecret}`, `${token}`, `${token}.`, `.${signature}`]) {
      const response = await clientWithCookie(value).get('/api/expenses');
      expect(response.statusCode, value).toBe(401);
      expect(response.json().message).toBe(MESSAGES.signInRequired);
    }
  });

  it('refuses a signed token that has no session (signed out elsewhere)', async () => {
    const user = await ctx.signedIn('user');
    const cookie = sessionCookieOf(user);
    expect((await user.post('/api/auth/sign-out')).statusCode).toBe(204);
    expect((await clientWithCookie(cookie).get('/api/expenses')).statusCode).toBe(401);
  });

  it('refuses an expired session, and Better Auth removes it', async () => {
    const user = await ctx.signedIn('user');
    const token = tokenOf(user);
    await ctx.app.kobo.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, token));
    const response = await user.get('/api/expenses');
    expect(response.statusCode).toBe(401);
    expect(await sessionRow(user, token)).toBeUndefined();
    // The browser is told to drop the cookie as well.
    expect(user.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('extends a session that is due for its daily extension, and still answers', async () => {
    const user = await ctx.signedIn('user');
    const row = await sessionRow(user);
    // Issued two days ago: past the one-day update age, not yet expired.
    const twoDaysIn = new Date(Date.now() + (SESSION_EXPIRES_IN_SECONDS - 2 * 24 * 60 * 60) * 1000);
    await ctx.app.kobo.database.db.update(sessions).set({ expiresAt: twoDaysIn }).where(eq(sessions.id, row!.id));
    const response = await user.get('/api/expenses');
    expect(response.statusCode).toBe(200);
    const extended = await sessionRow(user);
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(twoDaysIn.getTime() + 24 * 60 * 60 * 1000);
    // The cookie is re-issued for another 30 days, so an active user is not signed out by its age.
    const reissued = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(reissued?.maxAge).toBe(SESSION_EXPIRES_IN_SECONDS);
    expect((await user.get('/api/expenses')).statusCode).toBe(200);
  });

  it('refuses the session of a deactivated user on their next request', async () => {
    const user = await ctx.signedIn('manager');
    expect((await user.get('/api/expenses')).statusCode).toBe(200);
    await ctx.setActive(user.userId, false);
    expect((await user.get('/api/expenses')).statusCode).toBe(401);
  });
});

function sign(value: string, secret: string): string {
  return `${value}.${createHmac('sha256', secret).update(value).digest('base64')}`;
}

describe('verifiedToken', () => {
  it('returns the token of a value signed with the secret, and null otherwise', () => {
    expect(verifiedToken(sign('abc', 's3cret'), 's3cret')).toBe('abc');
    expect(verifiedToken(sign('abc', 'other'), 's3cret')).toBeNull();
    expect(verifiedToken(undefined, 's3cret')).toBeNull();
    expect(verifiedToken('', 's3cret')).toBeNull();
    expect(verifiedToken('abc', 's3cret')).toBeNull();
    expect(verifiedToken(`${sign('abc', 's3cret')}x`, 's3cret')).toBeNull();
  });
});
