import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser.ts';
import { startKobo, type KoboServer } from './support/kobo-server.ts';
import { WEB_DIST_DIR } from './support/paths.ts';
import { signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;

beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('installable (issue 13)', () => {
  it('names Kobo in a manifest with the icons phones ask for, and theme colours for light and dark', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await page.goto('/login');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifestResponse = await page.request.get('/manifest.webmanifest');
    expect(manifestResponse.status()).toBe(200);
    expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifestResponse.headers()['cache-control']).toBe('no-cache');
    const manifest = (await manifestResponse.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest.name).toBe('Kobo');
    expect(manifest.short_name).toBe('Kobo');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type'], icon.src).toBe('image/png');
      expect(pngSize(await response.body()), icon.src).toBe(icon.sizes);
    }

    const appleHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(appleHref).toBe('/apple-touch-icon.png');
    const apple = await page.request.get('/apple-touch-icon.png');
    expect(apple.status()).toBe(200);
    expect(apple.headers()['content-type']).toBe('image/png');
    expect(pngSize(await apple.body())).toBe('180x180');

    const themeColours = await page
      .locator('meta[name="theme-color"]')
      .evaluateAll((metas) => metas.map((meta) => `${meta.getAttribute('media')} ${meta.getAttribute('content')}`));
    expect(themeColours).toEqual(['(prefers-color-scheme: light) #ffffff', '(prefers-color-scheme: dark) #242424']);

    // A new release must reach an installed app on its next visit: the worker is never cached.
    const worker = await page.request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    await context.close();
  });

  it('starts a service worker, and a second visit opens the app without the network', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { serviceWorkers: 'allow' });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    // ready: a worker for this page is active (or activating); then its precache is complete.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(`${kobo.baseURL}/sw.js`);
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated');
    // It takes charge of the open page too (clientsClaim), so a reload already goes through it.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${kobo.baseURL}/sw.js`);

    await context.setOffline(true);
    const shell = await page.reload();
    expect(shell?.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await page.getByLabel('Email').isVisible()).toBe(true);
    // Another address of the app, never opened: the same shell, from the phone.
    const other = await page.goto('/forgot-password');
    expect(other?.fromServiceWorker()).toBe(true);
    expect(await page.getByRole('progressbar', { name: 'Loading Kobo' }).count()).toBe(0);
    await context.close();
  });

  it('waits until the first page shows its figures and the network is quiet before the worker fetches anything', async () => {
    const staff = await kobo.createUser('staff', { name: 'Tunde Staff' });
    const { context, page } = await newPage(browser, kobo.baseURL, { serviceWorkers: 'allow' });
    await signInQuickly(page, staff);
    // A cold visit where every answer takes a phone's 300 ms: the page's chunks and data are
    // still to come when the load event fires.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: -1, uploadThroughput: -1 });
    const inFlight = new Set<string>();
    let workerStartedAt = 0;
    let busyWhenWorkerStarted: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      // The live-changes stream stays open for the whole visit.
      if (url.endsWith('/api/events')) return;
      if (/workbox-window|\/sw\.js$/.test(url)) {
        if (workerStartedAt === 0) [workerStartedAt, busyWhenWorkerStarted] = [Date.now(), [...inFlight]];
      } else inFlight.add(url);
    });
    const settle = (request: { url: () => string }) => inFlight.delete(request.url());
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    await page.goto('/staff-savings', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'My Savings Account' }).waitFor();
    await page.getByRole('region', { name: 'Current Balance' }).getByText('₦0.00').waitFor();
    const figuresShownAt = Date.now();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
    expect(workerStartedAt).toBeGreaterThan(figuresShownAt);
    expect(busyWhenWorkerStarted).toEqual([]);
    await context.close();
  });
});

describe('a new release (issue 13)', () => {
  it('is picked up on the next visit, which says "Updated" once', async () => {
    // A copy of the build, so that this test can release a new version of it.
    const distDir = mkdtempSync(join(tmpdir(), 'kobo-release-'));
    cpSync(WEB_DIST_DIR, distDir, { recursive: true });
    const server = await startKobo({ env: { WEB_DIST_DIR: distDir } });
    try {
      const { context, page } = await newPage(browser, server.baseURL, { serviceWorkers: 'allow' });
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
      expect(await page.getByText(MESSAGES.appUpdated).count()).toBe(0);

      // The next release: a worker that differs by one byte is a new version to the browser.
      appendFileSync(join(distDir, 'sw.js'), '\n// the next release\n');
      await page.reload();
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      // The browser finds the new worker on this navigation (or the page registers once the network
      // is quiet); it installs, takes over and leaves its mark (public/sw-updated.js). A page that
      // starts after the mark says "Updated" and takes the mark away.
      const updatedNotices = page.getByText(MESSAGES.appUpdated);
      const marked = () => page.evaluate(() => caches.has('kobo-updated'));
      // On a busy machine the check the navigation started can be slow to finish; each poll asks
      // again, as the browser's own periodic check would (an update already under way is joined).
      const nudge = () => page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()).then(() => undefined, () => undefined));
      await expect.poll(async () => (await marked()) || (await updatedNotices.count()) > 0 || (await nudge(), false), { timeout: 90_000, interval: 2_000 }).toBe(true);
      // A page whose start already saw the mark says so at its load event.
      await page.waitForLoadState('load');
      await page.waitForTimeout(1500);
      if ((await updatedNotices.count()) === 0) {
        await page.reload();
        await updatedNotices.waitFor();
      }
      await expect.poll(marked).toBe(false);

      // Said once: the visit after that runs the same version quietly.
      await page.reload();
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      await page.waitForLoadState('load');
      // Time for a notice to arrive if one were coming (it is shown at the load event).
      await page.waitForTimeout(1500);
      expect(await page.getByText(MESSAGES.appUpdated).count()).toBe(0);
      await context.close();
    } finally {
      await server.stop();
      rmSync(distDir, { recursive: true, force: true });
    }
  }, 180_000);
});
