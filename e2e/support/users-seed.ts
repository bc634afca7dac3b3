import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { DESKTOP, PHONE, hasHorizontalScroll, newPage, screenshot } from './browser.ts';
import type { KoboServer, TestUser } from './kobo-server.ts';
import { signInQuickly } from './session.ts';

/**
 * Seeds and looks for the User Management and Audit Log browser tests (issue 5).
 */

/** `count` people straight into the table (no passwords: they only fill the list), named `<prefix> NNN`. */
export async function seedPeople(kobo: KoboServer, prefix: string, count: number) {
  await kobo.app.kobo.database.db.execute(sql`
    insert into users (id, name, email, role, active)
    select ${prefix} || '-' || n, ${prefix} || ' ' || lpad(n::text, 3, '0'), lower(${prefix}) || '.' || n || '@seed.test',
           (array['user', 'manager', 'user'])[1 + n % 3], true
    from generate_series(1, ${count}) as n`);
}

/** An API client signed in as `user`, through the server in this process (no browser). */
export async function apiAs(kobo: KoboServer, user: TestUser) {
  const signIn = await kobo.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password } });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const cookie = signIn.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
  return async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const response = await kobo.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    if (response.statusCode >= 400) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.statusCode === 204 ? null : (response.json() as Record<string, unknown>);
  };
}

/** Picks `option` from the Mantine select labelled `label`. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Waits until no loader spins in the page's tables. */
export async function tablesSettled(page: Page) {
  await expect.poll(() => page.locator('.mantine-datatable-loader .mantine-Loader-root').count()).toBe(0);
}

/**
 * Waits for a dialog to finish appearing, then scrolls the page to its top: a full-page screenshot
 * of a scrolled page draws the fixed header and the dialog in the middle of the picture.
 */
export async function settledDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Opens `path` as `user` at 375 px and 1280 px, light and dark; checks nothing scrolls sideways
 * and saves a screenshot of each (.e2e-artifacts/<name>-<width>-<scheme>.png); returns their names.
 */
export async function screenshotEveryLook(
  browser: Browser,
  baseURL: string,
  user: TestUser,
  shot: { path: string; name: string; prepare: (page: Page) => Promise<void> },
): Promise<string[]> {
  const taken: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await newPage(browser, baseURL, { viewport, colorScheme: scheme });
      await page.addInitScript((value) => localStorage.setItem('darkMode', value), scheme);
      await signInQuickly(page, user);
      await page.goto(shot.path);
      await shot.prepare(page);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(scheme);
      expect(await hasHorizontalScroll(page), `${shot.name} at ${viewport.width}px, ${scheme}`).toBe(false);
      await screenshot(page, `${shot.name}-${viewport.width}-${scheme}`);
      taken.push(`${shot.name}-${viewport.width}-${scheme}`);
      await context.close();
    }
  }
  return taken;
}

/** Console errors other than the browser's note of a refused request (the 4xx these tests provoke). */
export function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((text) => !/Failed to load resource: (the server responded with a status of 4\d\d|net::ERR_)/.test(text));
}
