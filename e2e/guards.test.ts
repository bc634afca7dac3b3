import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { MESSAGES, SCREENS, type ScreenPath } from '@kobo/core';
import { EXPECTED_LANDINGS, EXPECTED_MENUS } from '../packages/core/src/screens.expected.ts';
import { launchBrowser, newPage, pageErrorsOf, pageIn } from './support/browser.ts';
import { startKobo, type KoboServer, type TestUser } from './support/kobo-server.ts';
import { pathOf, signInQuickly } from './support/session.ts';

let kobo: KoboServer;
let browser: Browser;
/** A staff member who exists, so the admin's visit to /savings/{staffId} finds an account. */
let staffId: string;
beforeAll(async () => {
  kobo = await startKobo();
  browser = await launchBrowser();
  staffId = (await kobo.createUser('staff')).staffId ?? '';
});
afterAll(async () => {
  await browser?.close();
  await kobo?.stop();
});

/** The concrete address a person types for each guarded route. */
function addressOf(route: string) {
  return route.replace(':staffId', staffId);
}

const ROLE_ORDER = ['admin', 'manager', 'user', 'staff', 'auditor'] as const;

/**
 * Where a screen leaves a role in the browser: where its guard sends them (core's hand-written
 * table), and where the page then goes. The layout's index goes on to /dashboard; the savings
 * detail page sends whoever may not read every holder's savings back to /savings.
 */
function landingOf(route: ScreenPath, role: (typeof ROLE_ORDER)[number]): string {
  if (route === '/') return landingOf('/dashboard', role);
  const sent = EXPECTED_LANDINGS[route][ROLE_ORDER.indexOf(role)];
  if (sent !== 'ok') return sent ?? '';
  if (route === '/savings/:staffId' && role !== 'admin' && role !== 'auditor') return '/savings';
  return route;
}

// Each visit is a fresh tab in one browser context per visitor: the sign-in and the scripts' cold
// load are paid once, not once per address (two hundred of them), and no tab sees another's state.
describe('a signed-out visitor', () => {
  let signedOut: BrowserContext;
  beforeAll(async () => {
    ({ context: signedOut } = await newPage(browser, kobo.baseURL));
  });
  afterAll(async () => {
    await signedOut?.close();
  });

  it.each(Object.keys(SCREENS))('is sent to /login from %s', async (route) => {
    const page = await pageIn(signedOut);
    await page.goto(addressOf(route));
    await page.waitForURL('**/login');
    expect(pageErrorsOf(page)).toEqual([]);
    await page.close();
  });

  it('is sent to /login from an unknown address', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await page.goto('/login2');
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome Back' }).isVisible()).toBe(true);
    expect(pageErrorsOf(page)).toEqual([]);
    await context.close();
  });

  it('sees the access-denied page with its link back to the dashboard', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await page.goto('/unauthorized');
    await expect.poll(() => page.getByText(MESSAGES.accessDenied).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    await context.close();
  });
});

describe.each(ROLE_ORDER)('a signed-in %s', (role) => {
  let user: TestUser;
  let signedIn: BrowserContext;
  beforeAll(async () => {
    user = await kobo.createUser(role);
    const opened = await newPage(browser, kobo.baseURL);
    await signInQuickly(opened.page, user);
    await opened.page.close();
    signedIn = opened.context;
  });
  afterAll(async () => {
    await signedIn?.close();
  });

  it.each(Object.keys(SCREENS) as ScreenPath[])('is let through or redirected at %s', async (route) => {
    const page = await pageIn(signedIn);
    await page.goto(addressOf(route));
    const expected = addressOf(landingOf(route, role));
    await page.waitForURL(`**${expected}`);
    expect(pathOf(page), `${role} at ${route}`).toBe(expected);
    await page.close();
  });

  it('lands on their home from / and sees their own navigation', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, user);

    await page.goto('/');
    await page.waitForURL(`**${landingOf('/', role)}`);

    const nav = page.getByRole('navigation');
    await nav.getByRole('link').first().waitFor();
    const links = await nav.getByRole('link').evaluateAll((elements) =>
      elements.map((element) => `${element.getAttribute('href')} ${element.textContent?.trim()}`),
    );
    expect(links).toEqual(EXPECTED_MENUS[role]);
    await expect.poll(() => nav.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    expect(pageErrorsOf(page)).toEqual([]);
    await context.close();
  });
});
