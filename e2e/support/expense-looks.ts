import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, PHONE, hasHorizontalScroll, newPage, screenshot } from './browser.ts';
import type { TestUser } from './kobo-server.ts';
import { signInQuickly } from './session.ts';

/**
 * A page is ready when its heading shows and no loader spins. Not 'networkidle': the dashboard,
 * reports and settings hold an EventSource open for live updates.
 */
export async function pageSettled(page: Page, heading: string) {
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await expect.poll(() => page.locator('.mantine-Loader-root').count(), { timeout: 10_000 }).toBe(0);
}

/**
 * Opens `path` as `user` at 375 px and 1280 px, light and dark; checks the colour scheme and that
 * nothing scrolls sideways, and saves .e2e-artifacts/<name>-<width>-<scheme>.png. Answers the
 * problems found (an empty list when all is well).
 */
export async function screenshotLooks(
  browser: Browser,
  baseURL: string,
  user: TestUser,
  shot: { path: string; name: string; prepare: (page: Page) => Promise<void> },
): Promise<string[]> {
  const problems: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    for (const viewport of [PHONE, DESKTOP]) {
      const look = `${shot.name} at ${viewport.width}px, ${scheme}`;
      const { context, page } = await newPage(browser, baseURL, { viewport, colorScheme: scheme });
      await page.addInitScript((value) => localStorage.setItem('darkMode', value), scheme);
      await signInQuickly(page, user);
      await page.goto(shot.path);
      await shot.prepare(page);
      const shownScheme = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
      if (shownScheme !== scheme) problems.push(`${look}: the page is ${shownScheme}`);
      if (await hasHorizontalScroll(page)) problems.push(`${look}: scrolls sideways`);
      // Charts animate in: let them finish drawing before the picture.
      await page.waitForTimeout(600);
      await screenshot(page, `${shot.name}-${viewport.width}-${scheme}`);
      await context.close();
    }
  }
  return problems;
}
