import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, hasHorizontalScroll, launchBrowser, newPage, pageErrorsOf, PHONE, screenshot } from './support/browser.ts';
import { startKobo, type KoboServer } from './support/kobo-server.ts';

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

describe('the API reference page', () => {
  it.each([
    ['desktop', DESKTOP, 'light'],
    ['phone', PHONE, 'dark'],
  ] as const)('renders its heading and operations offline, with no failed request (%s)', async (name, viewport, colorScheme) => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport, colorScheme });
    const failed: string[] = [];
    const elsewhere: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(kobo.baseURL)) elsewhere.push(request.url());
    });

    await page.goto('/api/docs');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: /Kobo API/ }).isVisible()).toBe(true);
    // The monthly run's posting, as an integrator finds it under its module.
    const batches = page.getByRole('heading', { level: 3, name: 'POST /api/savings/batches', exact: true });
    await expect.poll(() => batches.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: '/api/openapi.json' }).isVisible()).toBe(true);
    expect(await hasHorizontalScroll(page)).toBe(false);
    // The reference runs to hundreds of operations: a whole-page picture of it took over 30 s on a busy machine.
    await screenshot(page, `api-docs-${name}`, { fullPage: false });

    expect(failed).toEqual([]);
    expect(elsewhere).toEqual([]);
    expect(pageErrorsOf(page)).toEqual([]);
    await context.close();
  });
});
