import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedInClient, type TestContext } from '../test/test-app.ts';

const webDist = mkdtempSync(join(tmpdir(), 'kobo-compression-dist-'));
const SCRIPT = `console.log(${JSON.stringify('Kobo '.repeat(2000))});\n`;
let ctx: TestContext;
let admin: SignedInClient;
beforeAll(async () => {
  // A build as apps/web/precompress-plugin.ts leaves it: each text file beside its .br and .gz.
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Kobo</title>');
  writeFileSync(join(webDist, 'assets', 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(webDist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(webDist, 'assets', 'index-AbC123.js.gz'), gzipSync(SCRIPT));
  ctx = await createTestContext({ WEB_DIST_DIR: webDist });
  admin = await ctx.signedIn('admin');
  // Enough categories that the list is well above the 1 KB threshold.
  for (let index = 0; index < 30; index += 1) {
    const created = await admin.post('/api/categories', { name: `Compression item ${index}`, color: '#4ECDC4', icon: 'FaUtensils' });
    if (created.statusCode !== 201) throw new Error(`category not created: ${created.body}`);
  }
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('compression', () => {
  it('sends a built script pre-compressed in the encoding the browser accepts, cached for a year', async () => {
    const brotli = await admin.get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await admin.get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await admin.get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('never caches the app shell', async () => {
    const shell = await admin.get('/expenses', { 'accept-encoding': 'br' });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API JSON above 1 KB, and leaves small answers and other types alone', async () => {
    const plain = await admin.get('/api/categories');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const brotli = await admin.get('/api/categories', { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    expect(brotli.headers['cache-control']).toBe('no-store');

    const gzip = await admin.get('/api/categories', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const small = await admin.get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    // A spreadsheet is a zip file already.
    const sheet = await admin.get('/api/export/expenses', { 'accept-encoding': 'br, gzip' });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    expect(sheet.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a compressed request body instead of inflating it', async () => {
    const response = await admin.request('POST', '/api/categories', gzipSync(JSON.stringify({ name: 'Zipped', color: '#4ECDC4', icon: 'FaUtensils' })), {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
