import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SIGN_IN_MAX_FAILURES: '3', SIGN_IN_WINDOW_MINUTES: '15' });
});
afterAll(async () => ctx?.close());

function signUpBody(overrides: Record<string, string> = {}) {
  return { name: 'Ada Obi', email: uniqueEmail('signup'), password: 'secret1', confirmPassword: 'secret1', ...overrides };
}

describe('sign up', () => {
  it('makes the first account on an empty database the admin, and only the first', async () => {
    const visitor = ctx.client();
    expect((await visitor.get('/api/auth/setup')).json()).toEqual({ needsFirstAdmin: true, openSignUp: true });

    const first = await visitor.post('/api/auth/sign-up', signUpBody());
    expect(first.statusCode).toBe(201);
    expect(first.json().user).toMatchObject({ role: 'admin', active: true, status: 'active' });
    expect((await visitor.get('/api/auth/setup')).json()).toEqual({ needsFirstAdmin: false, openSignUp: true });

    const second = await ctx.client().post('/api/auth/sign-up', signUpBody());
    expect(second.json().user.role).toBe('user');
  });

  it('signs the new account in', async () => {
    const client = ctx.client();
    const body = signUpBody();
    await client.post('/api/auth/sign-up', body);
    const session = await client.get('/api/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ email: body.email, name: 'Ada Obi', role: 'user' });
  });

  it.each([
    ['an empty name first', { name: '  ', email: '', password: '' }, MESSAGES.enterName, 'name'],
    ['then an empty email', { email: '', password: '' }, MESSAGES.enterEmail, 'email'],
    ['then a malformed email', { email: 'not-an-email', password: '' }, MESSAGES.invalidEmail, 'email'],
    ['then a short password', { password: '12345', confirmPassword: '12345' }, MESSAGES.passwordTooShort, 'password'],
    ['then a confirmation that differs', { confirmPassword: 'secret2' }, MESSAGES.passwordsDoNotMatch, 'confirmPassword'],
  ])('checks in the spec order: %s', async (_label, overrides, message, field) => {
    const response = await ctx.client().post('/api/auth/sign-up', signUpBody(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message, field });
  });

  it('refuses an email that already has an account, whatever its case', async () => {
    const body = signUpBody();
    await ctx.client().post('/api/auth/sign-up', body);
    const again = await ctx.client().post('/api/auth/sign-up', signUpBody({ email: body.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.emailInUse);
  });
});

describe('sign in', () => {
  it('answers each wrong input with the spec message', async () => {
    const user = await ctx.signedIn('user');
    const client = ctx.client('10.0.0.1');
    const cases = [
      [{ email: '', password: 'x' }, 400, MESSAGES.fillAllFields],
      [{ email: user.email, password: '' }, 400, MESSAGES.fillAllFields],
      [{ email: 'nope', password: 'whatever' }, 400, MESSAGES.invalidEmail],
      [{ email: uniqueEmail('ghost'), password: 'whatever' }, 401, MESSAGES.userNotFound],
      [{ email: user.email, password: 'wrong-password' }, 401, MESSAGES.wrongPassword],
    ] as const;
    for (const [body, status, message] of cases) {
      const response = await client.post('/api/auth/sign-in', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
      expect(client.cookies.size).toBe(0);
    }
  });

  it('starts a new session on every sign-in, with an httpOnly SameSite cookie', async () => {
    const user = await ctx.signedIn('manager');
    const firstToken = [...user.cookies.values()][0];
    const again = await user.post('/api/auth/sign-in', { email: user.email.toUpperCase(), password: user.password });
    expect(again.statusCode).toBe(200);
    const cookie = again.cookies[0];
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeGreaterThan(60 * 60 * 24);
    expect(cookie?.value).not.toBe(firstToken);
  });

  it('ends the session on sign-out: the old cookie no longer works', async () => {
    const user = await ctx.signedIn('user');
    const cookieBefore = new Map(user.cookies);
    expect((await user.get('/api/auth/session')).json().user).toMatchObject({ email: user.email });
    expect((await user.post('/api/auth/sign-out')).statusCode).toBe(204);
    expect((await user.get('/api/auth/session')).json()).toEqual({ user: null });

    const replay = ctx.client();
    cookieBefore.forEach((value, name) => replay.cookies.set(name, value));
    expect((await replay.get('/api/auth/session')).json()).toEqual({ user: null });
  });

  it('refuses an inactive account, and stops its open session at once', async () => {
    const user = await ctx.signedIn('user');
    await ctx.setActive(user.userId, false);
    expect((await user.get('/api/auth/session')).json()).toEqual({ user: null });
    const response = await ctx.client().post('/api/auth/sign-in', { email: user.email, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.accountDisabled);
  });
});

describe('sign-in throttling', () => {
  it('answers 429 after repeated failures from one client, and only to that client', async () => {
    const user = await ctx.signedIn('user');
    const attacker = ctx.client('10.0.0.66');
    const wrong = { email: user.email, password: 'wrong-password' };
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await attacker.post('/api/auth/sign-in', wrong)).statusCode).toBe(401);
    }
    const blocked = await attacker.post('/api/auth/sign-in', wrong);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'TOO_MANY_ATTEMPTS', message: MESSAGES.tooManyAttempts });
    // Even the right password waits until the window has passed.
    expect((await attacker.post('/api/auth/sign-in', { email: user.email, password: user.password })).statusCode).toBe(429);

    const colleague = ctx.client('10.0.0.67');
    expect((await colleague.post('/api/auth/sign-in', { email: user.email, password: user.password })).statusCode).toBe(200);
  });
});
