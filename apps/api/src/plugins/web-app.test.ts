import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.ts';

const webDist = mkdtempSync(join(tmpdir(), 'kobo-web-app-dist-'));
let ctx: TestContext;
beforeAll(async () => {
  // A build as apps/web/pwa-plugin.ts leaves it: the service worker and manifest at the root.
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Kobo</title>');
  writeFileSync(join(webDist, 'sw.js'), 'self.skipWaiting();\n');
  writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"Kobo"}');
  writeFileSync(join(webDist, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(webDist, 'assets', 'index-AbC123.js'), 'console.log(1);\n');
  ctx = await createTestContext({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the installable app (issue 13)', () => {
  it('serves the service worker and the manifest uncached, so a new release reaches the phone on its next visit', async () => {
    const worker = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');

    const manifest = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'Kobo' });

    const icon = await ctx.app.inject({ method: 'GET', url: '/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('keeps hashed assets cached for a year', async () => {
    const script = await ctx.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends hashed assets without the document-only headers, keeping nosniff and the resource policy", async () => {
    const script = await ctx.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy', 'x-dns-prefetch-control', 'x-download-options', 'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection']) {
      expect(script.headers[name], name).toBeUndefined();
    }
    // The page and the service worker keep every one of them.
    for (const url of ['/', '/sw.js']) {
      const document = await ctx.app.inject({ method: 'GET', url });
      expect(document.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(document.headers['x-frame-options'], url).toBe('DENY');
    }
  });
});
