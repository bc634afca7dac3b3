import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { createTestContext, uniqueEmail, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let web: string;
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'kobo-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Kobo</title><div id="root"></div>');
  writeFileSync(join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  ctx = await createTestContext({ WEB_DIST_DIR: web, APP_URL: 'http://kobo.example:3000' });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('cross-site request forgery', () => {
  it('refuses a state-changing request from another origin, even with a valid session', async () => {
    const user = await ctx.signedIn('user');
    const forged = await user.post('/api/auth/sign-out', undefined, { origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ error: 'CROSS_SITE_REQUEST', message: MESSAGES.crossSiteRequest });
    expect((await user.get('/api/auth/session')).json().user).toMatchObject({ email: user.email });

    const byReferer = await user.post('/api/auth/sign-out', undefined, { referer: 'https://evil.example/page' });
    expect(byReferer.statusCode).toBe(403);
  });

  it('accepts the same origin, the configured APP_URL, and clients that send no Origin', async () => {
    const user = await ctx.signedIn('user');
    const sameHost = await ctx.client().post(
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { origin: 'http://localhost:80', host: 'localhost:80' },
    );
    expect(sameHost.statusCode).toBe(200);
    const appUrl = await ctx.client().post(
      '/api/auth/sign-in',
      { email: user.email, password: user.password },
      { origin: 'http://kobo.example:3000' },
    );
    expect(appUrl.statusCode).toBe(200);
    expect((await user.post('/api/auth/sign-out')).statusCode).toBe(204);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, nosniff and frame-ancestors on pages and API', async () => {
    for (const url of ['/', '/dashboard', '/api/health']) {
      const response = await ctx.client().get(url);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      // Plain HTTP here: no HSTS, no upgrade-insecure-requests (STACK.md: they blank a LAN address).
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(csp).not.toContain('upgrade-insecure-requests');
    }
  });
});

describe('routing', () => {
  it('answers unknown API paths with a JSON 404 and other paths with the app', async () => {
    const api = await ctx.client().get('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'NOT_FOUND', message: MESSAGES.notFound });
    expect((await ctx.client().post('/api/no-such-thing', {})).statusCode).toBe(404);

    for (const path of ['/', '/dashboard', '/savings/STF001', '/reset-password?token=abc']) {
      const page = await ctx.client().get(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<div id="root">');
    }
    const asset = await ctx.client().get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });
});

describe('bad input', () => {
  it.each([
    ['malformed JSON', '{"email":', 'application/json'],
    ['a JSON array', '[]', 'application/json'],
    ['a string where an object belongs', '"hello"', 'application/json'],
    ['wrong types', JSON.stringify({ name: 42, email: ['x'], password: {}, confirmPassword: null }), 'application/json'],
    ['form encoding', 'email=a%40b.c&password=x', 'application/x-www-form-urlencoded'],
  ])('gets a 4xx JSON answer for %s, never a 500', async (_label, payload, contentType) => {
    for (const url of ['/api/auth/sign-up', '/api/auth/sign-in', '/api/auth/forgot-password', '/api/auth/reset-password']) {
      const response = await ctx.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });
      expect(response.statusCode, `${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
      expect(typeof response.json().message).toBe('string');
    }
  });

  it('refuses a body over 1 MB with 413 and creates nothing', async () => {
    const email = uniqueEmail('big');
    const response = await ctx.client().post('/api/auth/sign-up', {
      name: 'x'.repeat(1_100_000),
      email,
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(response.statusCode).toBe(413);
    const signIn = await ctx.client().post('/api/auth/sign-in', { email, password: 'secret1' });
    expect(signIn.json().message).toBe(MESSAGES.userNotFound);
  });

  it('refuses an over-long name without creating the account', async () => {
    const email = uniqueEmail('long');
    const response = await ctx.client().post('/api/auth/sign-up', {
      name: 'N'.repeat(101),
      email,
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(response.statusCode).toBe(400);
    const signIn = await ctx.client().post('/api/auth/sign-in', { email, password: 'secret1' });
    expect(signIn.json().message).toBe(MESSAGES.userNotFound);
  });
});

describe('logs', () => {
  it('writes one line per request, without passwords, cookies or reset tokens', async () => {
    const secret = 'Very-Secret-Passw0rd';
    const email = uniqueEmail('logged');
    const before = ctx.logs.length;
    await ctx.client().post('/api/auth/sign-up', { name: 'Log Me', email, password: secret, confirmPassword: secret });
    const signedIn = await ctx.client().post('/api/auth/sign-in', { email, password: secret });
    const cookie = signedIn.cookies[0]?.value ?? 'missing';
    await ctx.client().get('/reset-password?token=super-secret-token');
    const lines = ctx.logs.slice(before);
    const requestLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request');
    expect(requestLines).toHaveLength(3);
    expect(requestLines[0]).toMatchObject({ method: 'POST', url: '/api/auth/sign-up', status: 201 });
    const text = lines.join('\n');
    expect(text).not.toContain(secret);
    expect(text).not.toContain(cookie);
    expect(text).not.toContain('super-secret-token');
    expect(text).toContain('/reset-password?token=[redacted]');
  });
});
