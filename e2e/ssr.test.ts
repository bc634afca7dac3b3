import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatNaira } from '@kobo/core';
import { DESKTOP, launchBrowser, newPage, pageErrorsOf, pageIn, PHONE, screenshot } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { savingsApi, type SeededStaff } from './support/savings-seed.ts';
import { unexpectedErrors } from './support/page-checks.ts';
import { signInQuickly } from './support/session.ts';

/**
 * Issue 34, docs/decisions/058: /login, /staff-savings and /dashboard arrive rendered, the
 * visitor's figure in the HTML, and the browser takes the page over without re-rendering it. A
 * rendered page is one visitor's alone.
 */
let kobo: KoboServer;
let browser: Browser;
let admin: TestUser;
let tunde: SeededStaff;
let amaka: SeededStaff;
let asAdmin: Awaited<ReturnType<typeof savingsApi>>;

const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

beforeAll(async () => {
  kobo = await startKobo({ env: { SERVER_RENDER: 'on' } });
  browser = await launchBrowser();
  admin = await kobo.createUser('admin', { name: 'Ngozi Admin' });
  asAdmin = await savingsApi(kobo, admin);
  tunde = await asAdmin.createStaff({ name: 'Tunde Bello' });
  amaka = await asAdmin.createStaff({ name: 'Amaka Eze' });
  await asAdmin.post({ userId: tunde.id, type: 'deposit', amount: '1234.56' });
  await asAdmin.post({ userId: amaka.id, type: 'deposit', amount: '6543.21' });
});
afterAll(async () => {
  await asAdmin?.dispose();
  await browser?.close();
  await kobo?.stop();
});

/** The session cookie a sign-in sets, as a browser would send it back. */
async function cookieOf(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const response = await fetch(`${kobo.baseURL}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: kobo.baseURL },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The raw page as the server sends it, before any script runs. */
async function rawPage(path: string, cookie: string | null) {
  const response = await fetch(`${kobo.baseURL}${path}`, { headers: { 'user-agent': PHONE_AGENT, ...(cookie ? { cookie } : {}) }, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), headers: response.headers, html: await response.text() };
}

describe('a page rendered on the server', () => {
  it("holds each staff member's own balance and never another's", async () => {
    const asTunde = await rawPage('/staff-savings', await cookieOf(tunde));
    const asAmaka = await rawPage('/staff-savings', await cookieOf(amaka));
    expect(asTunde.status).toBe(200);
    expect(asTunde.html).toContain(formatNaira(123_456));
    expect(asTunde.html).toContain('Tunde Bello');
    expect(asTunde.html).not.toContain(formatNaira(654_321));
    expect(asTunde.html).not.toContain('Amaka Eze');
    expect(asAmaka.status).toBe(200);
    expect(asAmaka.html).toContain(formatNaira(654_321));
    expect(asAmaka.html).not.toContain(formatNaira(123_456));
    expect(asAmaka.html).not.toContain('Tunde Bello');
  });

  it('is kept by no cache, and varies with the cookie', async () => {
    const page = await rawPage('/staff-savings', await cookieOf(tunde));
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('vary')).toContain('Cookie');
  });

  it('sends a signed-out visitor to /login with no data, as the browser would', async () => {
    const page = await rawPage('/staff-savings', null);
    expect(page.status).toBe(302);
    expect(page.location).toBe('/login');
    expect(page.html).toBe('');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
  });

  it("sends a staff member from the administrator's dashboard to their own savings, as the guard does", async () => {
    const page = await rawPage('/dashboard', await cookieOf(tunde));
    expect(page.status).toBe(302);
    expect(page.location).toBe('/staff-savings');
  });

  it('links every stylesheet and no script, listing the scripts for after the first paint', async () => {
    const { html } = await rawPage('/staff-savings', await cookieOf(tunde));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('rel="stylesheet"');
    // Nothing the browser would fetch as script before the page is painted: only the page's first script.
    expect(head).not.toContain('modulepreload');
    expect(head).not.toContain('type="module"');
    expect([...head.matchAll(/<script[^>]*src="([^"]+)"/g)].map((script) => script[1])).toEqual(['/theme-init.js']);
    const listed = JSON.parse(/<script type="application\/json" id="kobo-scripts">([^<]*)<\/script>/.exec(head)?.[1] ?? 'null') as { entry: string; preload: string[] };
    expect(listed.entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    // The page's own chunk is among what starts with the app, so it arrives with the app, not after it.
    expect(listed.preload.some((file) => /^\/assets\/my-savings-account-page-[\w-]+\.js$/.test(file))).toBe(true);
  });

  it('starts its scripts once the page is painted, and the app takes the page over', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, tunde);
    // When the browser drew its first frame (the page's own scripts can only ask for theirs after).
    await page.addInitScript(() => requestAnimationFrame(() => Object.assign(window, { firstFrameAt: performance.now() })));
    await page.goto('/staff-savings');
    const firstPaint = await page.evaluate(() => (window as unknown as { firstFrameAt?: number }).firstFrameAt ?? null);
    const scriptStarts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/assets/') && entry.name.endsWith('.js'))
        .map((entry) => entry.startTime),
    );
    expect(firstPaint).not.toBeNull();
    expect(scriptStarts.length).toBeGreaterThan(0);
    expect(Math.min(...scriptStarts)).toBeGreaterThanOrEqual(firstPaint as number);
    // Taken over: the page's controls are React's (goto here waits for that; it would time out otherwise).
    expect(await page.evaluate(() => Object.keys(document.querySelector('#root button') ?? {}).some((key) => key.startsWith('__reactFiber$')))).toBe(true);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it("holds the administrator's dashboard totals", async () => {
    const page = await rawPage('/dashboard', await cookieOf(admin));
    expect(page.status).toBe(200);
    expect(page.html).toContain('Expenses Dashboard');
  });

  it('sends /login rendered, its Sign In button off until the scripts take the form over', async () => {
    const page = await rawPage('/login', null);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Welcome Back');
    expect(page.html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*>|<button[^>]*disabled=""[^>]*type="submit"[^>]*>/);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
  });

  it('sends nothing from /login before the scripts run, and sends what was typed meanwhile after', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    // The scripts are held back until the form has been filled and Enter pressed.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/index-*.js', async (route) => (await held, route.continue()));
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: 'Email' }).fill(tunde.email);
    await page.getByLabel('Password', { exact: true }).fill(tunde.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(addresses.filter((address) => address.includes('password') || address.includes('%40'))).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/login');
    release?.();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/staff-savings');
    await expect.poll(() => page.getByRole('region', { name: 'Current Balance' }).textContent()).toContain(formatNaira(123_456));
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it('takes /login over when reloaded with what another page handed it, drawn as the server drew it, and signs in', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    // What an accepted invitation hands the login page, as the router keeps it in the history entry;
    // a reload keeps it, but the server never sees it.
    await page.evaluate(() => window.history.replaceState({ usr: { notice: 'Your password is set. Sign in to start using Kobo.', email: 'tunde.reload@kobo.test' }, key: 'reload', idx: 0 }, ''));
    await page.reload();
    // Once React has the form (the button on), the page is still the server's: no notice came in
    // to push the form down, and the form signs in.
    await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true);
    expect(await page.getByText('Your password is set. Sign in to start using Kobo.').count()).toBe(0);
    await page.getByLabel('Email').fill(tunde.email);
    await page.getByLabel('Password', { exact: true }).fill(tunde.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/staff-savings');
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });

  it("draws an empty week's chart from ₦0 to ₦1K, not ₦0 at every tick (this server has no expenses)", async () => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport: PHONE });
    await signInQuickly(page, admin);
    await page.goto('/dashboard');
    // The axis's labels are the chart's only text in naira (the days below it are dates).
    const amountTicks = async () => (await page.locator('figure svg text').allTextContents()).filter((text) => text.startsWith('₦'));
    await expect.poll(amountTicks).toEqual(['₦0', '₦250', '₦500', '₦750', '₦1K']);
    await context.close();
  });

  it('is taken over without a hydration error by a phone set to another time zone, its times shown as the server drew them', async () => {
    // The server draws instants in the organisation's zone (Lagos, UTC+1); this phone is on UTC.
    const context = await browser.newContext({ baseURL: kobo.baseURL, viewport: PHONE, userAgent: PHONE_AGENT, timezoneId: 'UTC', serviceWorkers: 'block' });
    const page = await pageIn(context);
    await signInQuickly(page, tunde);
    const drawn = (await rawPage('/staff-savings', await cookieOf(tunde))).html;
    await page.goto('/staff-savings');
    expect(await page.evaluate(() => Object.keys(document.querySelector('#root button') ?? {}).some((key) => key.startsWith('__reactFiber$')))).toBe(true);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    // Every time the server wrote is still what the page shows once React has it.
    const times = [...drawn.matchAll(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/g)].map((match) => match[0]);
    expect(times.length).toBeGreaterThan(0);
    const shown = (await page.locator('#root').textContent()) ?? '';
    for (const time of times) expect(shown).toContain(time);
    await context.close();
  });

  it('shows the balance with scripts switched off', async () => {
    const context = await browser.newContext({ baseURL: kobo.baseURL, javaScriptEnabled: false, viewport: PHONE, userAgent: PHONE_AGENT });
    const page = await context.newPage();
    await signInQuickly(page, tunde);
    await page.goto('/staff-savings');
    await expect.poll(() => page.getByRole('region', { name: 'Current Balance' }).textContent()).toContain(formatNaira(123_456));
    await screenshot(page, 'ssr-staff-savings-no-script-375-light');
    await context.close();
  });

  it.each([
    ['/login', PHONE, 'dark'],
    ['/login', DESKTOP, 'light'],
    ['/staff-savings', PHONE, 'light'],
    ['/staff-savings', DESKTOP, 'dark'],
    ['/dashboard', PHONE, 'dark'],
    ['/dashboard', DESKTOP, 'light'],
  ] as const)('%s is taken over by the browser without errors at %o in %s', async (path, viewport, colorScheme) => {
    const { context, page } = await newPage(browser, kobo.baseURL, { viewport, colorScheme });
    if (path === '/dashboard') await signInQuickly(page, admin);
    if (path === '/staff-savings') await signInQuickly(page, tunde);
    await page.goto(path);
    // Hydrated: React has taken over the server's HTML (its root carries React's own key).
    await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')))).toBe(true);
    await page.waitForLoadState('load');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await screenshot(page, `ssr${path.replaceAll('/', '-')}-${viewport.width}-${colorScheme}`);
    expect(unexpectedErrors(pageErrorsOf(page))).toEqual([]);
    await context.close();
  });
});
