import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/test-app.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ SMTP_URL: smtp.url, APP_URL: 'http://kobo.example:8080' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

function resetLinkFor(email: string): URL {
  const mail = smtp.received.findLast((message) => message.to.includes(email));
  if (!mail) throw new Error(`no mail for ${email}`);
  const link = /http:\/\/kobo\.example:8080\/reset-password\?token=[\w%.-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in:\n${mail.text}`);
  return new URL(link);
}

describe('password reset over SMTP', () => {
  it('mails a link to /reset-password that sets a new password once', async () => {
    const user = await ctx.signedIn('user');
    const response = await ctx.client().post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.resetEmailSent });

    const link = resetLinkFor(user.email);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token') ?? '';

    const mismatch = await ctx.client().post('/api/auth/reset-password', { token, password: 'newpass1', confirmPassword: 'other' });
    expect(mismatch.json().message).toBe(MESSAGES.passwordsDoNotMatch);
    const short = await ctx.client().post('/api/auth/reset-password', { token, password: '12345', confirmPassword: '12345' });
    expect(short.json().message).toBe(MESSAGES.passwordTooShort);

    const reset = await ctx.client().post('/api/auth/reset-password', { token, password: 'newpass1', confirmPassword: 'newpass1' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: MESSAGES.passwordChanged });

    // The old session and the old password are gone; the new password works.
    expect((await user.get('/api/auth/session')).json()).toEqual({ user: null });
    const old = await ctx.client().post('/api/auth/sign-in', { email: user.email, password: user.password });
    expect(old.json().message).toBe(MESSAGES.wrongPassword);
    expect((await ctx.client().post('/api/auth/sign-in', { email: user.email, password: 'newpass1' })).statusCode).toBe(200);

    // The link works once.
    const reused = await ctx.client().post('/api/auth/reset-password', { token, password: 'another1', confirmPassword: 'another1' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(MESSAGES.resetLinkInvalid);
  });

  it('gives the same answer for an unknown email and sends nothing', async () => {
    const before = smtp.received.length;
    const response = await ctx.client().post('/api/auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.resetEmailSent });
    expect(smtp.received.length).toBe(before);
  });

  it('answers a malformed email with the spec failure message', async () => {
    const response = await ctx.client().post('/api/auth/forgot-password', { email: 'not an email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.resetFailed);
  });

  it('refuses a made-up token', async () => {
    const response = await ctx.client().post('/api/auth/reset-password', {
      token: 'made-up-token',
      password: 'newpass1',
      confirmPassword: 'newpass1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.resetLinkInvalid);
  });
});
