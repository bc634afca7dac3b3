import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { KoboServer, TestUser } from './kobo-server.ts';

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

/**
 * Picks `option` from the Mantine select labelled `label`. A list that opens near the foot of the
 * window can move while the browser scrolls to click it (the list follows its field), and a click
 * that lands beside it closes it; so a missed pick opens the list again, up to three times.
 */
export async function choose(page: Page, label: string, option: string) {
  const field = page.getByRole('combobox', { name: label, exact: true });
  const choice = page.getByRole('option', { name: option, exact: true });
  for (let attempt = 1; ; attempt += 1) {
    if (!(await choice.isVisible())) await field.click();
    try {
      await choice.click({ timeout: attempt < 3 ? 10_000 : 30_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
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

