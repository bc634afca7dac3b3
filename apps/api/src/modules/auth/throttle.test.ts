import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { createTestContext, uniqueEmail, type TestContext } from '../../test/test-app.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';

const TOO_MANY_ATTEMPTS = { error: 'TOO_MANY_ATTEMPTS', message: 'Too many failed attempts. Please try again later.' };
const TOO_MANY_RESET_REQUESTS = { error: 'TOO_MANY_RESET_REQUESTS', message: 'Too many reset requests. Please try again later.' };

/** What a load balancer in front of Kobo adds: the address it saw the client come from. */
function from(address: string) {
  return { 'x-forwarded-for': address };
}

describe('sign-in behind one proxy (TRUST_PROXY=1)', () => {
  let ctx: TestContext;
  let clock = new Date('2026-11-23T09:00:00.000Z');
  beforeAll(async () => {
    ctx = await createTestContext(
      { TRUST_PROXY: '1', SIGN_IN_MAX_FAILURES: '3', SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '5', SIGN_IN_WINDOW_MINUTES: '15' },
      () => clock,
    );
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('stops 20 wrong passwords from 20 addresses at the account limit, and lets the owner in once the window ends', async () => {
    clock = new Date('2026-11-23T09:00:00.000Z');
    const owner = await ctx.signedIn('user');
    const proxy = ctx.client('10.0.0.2');
    const responses = [];
    for (let n = 1; n <= 20; n++) {
      responses.push(await proxy.post('/api/auth/sign-in', { email: owner.email, password: 'wrong-password' }, from(`203.0.113.${n}`)));
    }
    expect(responses.map((response) => response.statusCode)).toEqual([401, 401, 401, 401, 401, ...Array<number>(15).fill(429)]);
    expect(responses[5]?.json()).toEqual(TOO_MANY_ATTEMPTS);

    // The owner, from an address that never failed, waits too, and trying does not make the wait longer.
    const rightPassword = { email: owner.email, password: owner.password };
    clock = new Date('2026-11-23T09:05:00.000Z');
    expect((await proxy.post('/api/auth/sign-in', rightPassword, from('198.51.100.50'))).statusCode).toBe(429);
    clock = new Date('2026-11-23T09:14:59.999Z');
    expect((await proxy.post('/api/auth/sign-in', rightPassword, from('198.51.100.50'))).statusCode).toBe(429);
    clock = new Date('2026-11-23T09:15:00.000Z');
    expect((await proxy.post('/api/auth/sign-in', rightPassword, from('198.51.100.50'))).statusCode).toBe(200);
  });

  it('holds the account limit against 20 wrong passwords sent at once', async () => {
    clock = new Date('2026-11-23T10:00:00.000Z');
    const owner = await ctx.signedIn('user');
    const proxy = ctx.client('10.0.0.2');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        proxy.post('/api/auth/sign-in', { email: owner.email, password: 'wrong-password' }, from(`203.0.113.${100 + index}`)),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).toSorted();
    expect(statuses).toEqual([401, 401, 401, 401, 401, ...Array<number>(15).fill(429)]);
  });

  it('believes only the address the proxy added, not one the client wrote before it', async () => {
    clock = new Date('2026-11-23T11:00:00.000Z');
    const proxy = ctx.client('10.0.0.2');
    const statuses: number[] = [];
    for (let n = 1; n <= 4; n++) {
      const forged = `192.0.2.${n}, 198.51.100.9`;
      statuses.push((await proxy.post('/api/auth/sign-in', { email: uniqueEmail('nobody'), password: 'x' }, from(forged))).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('does not count correct passwords, so an office behind one address is not throttled by its own sign-ins', async () => {
    clock = new Date('2026-11-23T12:00:00.000Z');
    const owner = await ctx.signedIn('user');
    const proxy = ctx.client('10.0.0.2');
    const statuses: number[] = [];
    for (let n = 1; n <= 8; n++) {
      statuses.push((await proxy.post('/api/auth/sign-in', { email: owner.email, password: owner.password }, from('198.51.100.77'))).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
    // Its failures still count: three wrong passwords, then the address waits.
    for (let n = 1; n <= 3; n++) {
      expect((await proxy.post('/api/auth/sign-in', { email: owner.email, password: 'wrong' }, from('198.51.100.77'))).statusCode).toBe(401);
    }
    expect((await proxy.post('/api/auth/sign-in', { email: owner.email, password: owner.password }, from('198.51.100.77'))).statusCode).toBe(429);
  });

  // Found by the simulator (issue 35): correct passwords sent together were refused once more were
  // in flight than the limit, each counted as a failure until its password had been checked.
  it('lets 12 colleagues behind one address sign in at the same moment (limit 3)', async () => {
    clock = new Date('2026-11-23T13:00:00.000Z');
    const colleagues = await Promise.all(Array.from({ length: 12 }, () => ctx.signedIn('user')));
    const proxy = ctx.client('10.0.0.2');
    const responses = await Promise.all(
      colleagues.map((colleague) => proxy.post('/api/auth/sign-in', { email: colleague.email, password: colleague.password }, from('198.51.100.88'))),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(12).fill(200));
    // The address's window still counts failures from zero: three wrong, then it waits.
    const wrong = await Promise.all(
      colleagues.slice(0, 8).map((colleague) => proxy.post('/api/auth/sign-in', { email: colleague.email, password: 'wrong' }, from('198.51.100.88'))),
    );
    expect(wrong.map((response) => response.statusCode).toSorted()).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });
});

describe('sign-in behind listed proxies (TRUST_PROXY=10.0.0.0/8)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: '10.0.0.0/8', SIGN_IN_MAX_FAILURES: '3', SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '20' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    const stranger = ctx.client('198.51.100.7');
    const statuses: number[] = [];
    for (let n = 1; n <= 4; n++) {
      statuses.push((await stranger.post('/api/auth/sign-in', { email: uniqueEmail('nobody'), password: 'x' }, from(`203.0.113.${n}`))).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('believes X-Forwarded-For from a listed proxy', async () => {
    const proxy = ctx.client('10.20.30.40');
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n++) {
      statuses.push((await proxy.post('/api/auth/sign-in', { email: uniqueEmail('nobody'), password: 'x' }, from(`203.0.113.${n}`))).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
  });
});

describe('sign-in without a proxy (TRUST_PROXY unset)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SIGN_IN_MAX_FAILURES: '3' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('ignores X-Forwarded-For', async () => {
    const client = ctx.client('198.51.100.8');
    const statuses: number[] = [];
    for (let n = 1; n <= 4; n++) {
      statuses.push((await client.post('/api/auth/sign-in', { email: uniqueEmail('nobody'), password: 'x' }, from(`203.0.113.${n}`))).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('forgot-password limits', () => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    ctx = await createTestContext({
      SMTP_URL: smtp.url,
      TRUST_PROXY: '1',
      FORGOT_PASSWORD_MAX_PER_ADDRESS: '5',
      FORGOT_PASSWORD_MAX_PER_EMAIL: '3',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  function mailsTo(email: string) {
    return smtp.received.filter((mail) => mail.to.includes(email)).length;
  }

  it('sends one inbox at most 3 mails for 20 requests from 20 addresses, with the same answer every time', async () => {
    const owner = await ctx.signedIn('user');
    const proxy = ctx.client('10.0.0.2');
    for (let n = 1; n <= 20; n++) {
      const response = await proxy.post('/api/auth/forgot-password', { email: owner.email }, from(`203.0.113.${n}`));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Check your inbox for further instructions' });
    }
    expect(mailsTo(owner.email)).toBe(3);
  });

  it('answers an unknown email the same way, past its limit too, and mails nobody', async () => {
    const before = smtp.received.length;
    const nobody = uniqueEmail('nobody');
    const proxy = ctx.client('10.0.0.2');
    for (let n = 1; n <= 20; n++) {
      const response = await proxy.post('/api/auth/forgot-password', { email: nobody }, from(`203.0.113.${50 + n}`));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: MESSAGES.resetEmailSent });
    }
    expect(smtp.received.length).toBe(before);
  });

  it('tells one address to wait after 5 requests, whichever emails it asks for, and sends nothing more', async () => {
    const owner = await ctx.signedIn('user');
    const proxy = ctx.client('10.0.0.2');
    const address = from('198.51.100.20');
    for (let n = 1; n <= 5; n++) {
      expect((await proxy.post('/api/auth/forgot-password', { email: uniqueEmail('nobody') }, address)).statusCode).toBe(200);
    }
    const unknown = await proxy.post('/api/auth/forgot-password', { email: uniqueEmail('nobody') }, address);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toEqual(TOO_MANY_RESET_REQUESTS);
    const known = await proxy.post('/api/auth/forgot-password', { email: owner.email }, address);
    expect(known.statusCode).toBe(429);
    expect(known.json()).toEqual(TOO_MANY_RESET_REQUESTS);
    expect(mailsTo(owner.email)).toBe(0);

    // Another address is not held up.
    const elsewhere = await proxy.post('/api/auth/forgot-password', { email: owner.email }, from('198.51.100.21'));
    expect(elsewhere.statusCode).toBe(200);
    expect(mailsTo(owner.email)).toBe(1);
  });
});
