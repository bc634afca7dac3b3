import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { guardRedirect, MESSAGES, navigationFor, ROUTE_GUARDS, type Role } from '@kobo/core';
import { launchBrowser, newPage, pageErrorsOf } from './support/browser.ts';
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

/** Where each route should leave a person of this role (SPEC 2, docs/decisions/003-route-guards.md). */
function expectedPath(route: string, role: Role): string {
  const redirect = guardRedirect(ROUTE_GUARDS[route as keyof typeof ROUTE_GUARDS], { role, isActive: true });
  if (redirect === '/expenses' || redirect === '/staff-savings') return redirect;
  if (redirect) return redirect;
  // The detail page is the admin's alone; everyone else is sent back to /savings.
  if (route === '/savings/:staffId' && role !== 'admin') return '/savings';
  return addressOf(route);
}

describe('a signed-out visitor', () => {
  it.each(['/', ...Object.keys(ROUTE_GUARDS)])('is sent to /login from %s', async (route) => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await page.goto(addressOf(route));
    await page.waitForURL('**/login');
    expect(pageErrorsOf(page)).toEqual([]);
    await context.close();
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

describe.each(['admin', 'manager', 'user', 'staff'] as const)('a signed-in %s', (role) => {
  let user: TestUser;
  beforeAll(async () => {
    user = await kobo.createUser(role);
  });

  it.each(Object.keys(ROUTE_GUARDS))('is let through or redirected at %s', async (route) => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, user);
    await page.goto(addressOf(route));
    const expected = expectedPath(route, role);
    await page.waitForURL(`**${expected}`);
    expect(pathOf(page), `${role} at ${route}`).toBe(expected);
    await context.close();
  });

  it('lands on their home from / and sees their own navigation', async () => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, user);

    await page.goto('/');
    await page.waitForURL(`**${expectedPath('/dashboard', role)}`);

    const nav = page.getByRole('navigation');
    await nav.getByRole('link').first().waitFor();
    const links = await nav.getByRole('link').evaluateAll((elements) =>
      elements.map((element) => `${element.getAttribute('href')} ${element.textContent?.trim()}`),
    );
    expect(links).toEqual(navigationFor(role).map((item) => `${item.path} ${item.label}`));
    await expect.poll(() => nav.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    expect(pageErrorsOf(page)).toEqual([]);
    await context.close();
  });
});

/** Issue 27: where each route leaves the auditor, written out by hand rather than asked of core. */
const AUDITOR_LANDS_AT: Record<string, string> = {
  '/dashboard': '/dashboard',
  '/reports': '/reports',
  '/users': '/dashboard',
  '/audit': '/audit',
  '/settings': '/dashboard',
  '/savings': '/savings',
  '/savings/:staffId': '/savings/:staffId',
  '/staff-savings': '/unauthorized',
  '/staff-savings/runs': '/staff-savings/runs',
  '/loans': '/loans',
  '/loans/:id': '/loans/:id',
  '/approvals': '/dashboard',
  '/books': '/books',
  '/books/accounts/:id': '/books/accounts/:id',
  '/books/locks': '/books/locks',
  '/books/opening': '/books/opening',
  '/books/entries/new': '/dashboard',
  '/expenses': '/expenses',
  '/expenses/create': '/expenses',
  '/expenses/import': '/expenses',
  '/profile': '/profile',
  '/user-settings': '/user-settings',
};

describe('a signed-in auditor', () => {
  let auditor: TestUser;
  beforeAll(async () => {
    auditor = await kobo.createUser('auditor');
  });

  it('has an expected outcome for every guarded route', () => {
    expect(Object.keys(AUDITOR_LANDS_AT).toSorted()).toEqual(Object.keys(ROUTE_GUARDS).toSorted());
  });

  it.each(Object.entries(AUDITOR_LANDS_AT))('is let through or redirected at %s (lands at %s)', async (route, landing) => {
    const { context, page } = await newPage(browser, kobo.baseURL);
    await signInQuickly(page, auditor);
    await page.goto(addressOf(route));
    const expected = addressOf(landing);
    await page.waitForURL(`**${expected}`);
    expect(pathOf(page), `auditor at ${route}`).toBe(expected);
    await context.close();
  });
});
