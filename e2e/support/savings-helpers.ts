import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, PHONE, hasHorizontalScroll, newPage, screenshot } from './browser.ts';
import type { TestUser } from './kobo-server.ts';
import { signInQuickly } from './session.ts';

/**
 * Opens `path` as `user` on a 375 px phone and a 1280 px desktop, light and dark, and saves a
 * screenshot of each (.e2e-artifacts/<name>-<width>-<scheme>.png). `prepare` may open a modal or
 * fill something first; it returns when the page is ready. Answers what looked wrong: a page
 * wider than the window, or the wrong colour scheme; an empty list when all is well.
 */
export async function screenshotEveryLook(
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
      await page.waitForLoadState('networkidle');
      const shownScheme = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
      if (shownScheme !== scheme) problems.push(`${look}: the page is ${shownScheme}`);
      if (await hasHorizontalScroll(page)) problems.push(`${look}: scrolls sideways`);
      await screenshot(page, `${shot.name}-${viewport.width}-${scheme}`);
      await context.close();
    }
  }
  return problems;
}

/**
 * Console errors other than the browser's own note of a refused request (the 4xx answers these
 * tests provoke on purpose, or an aborted request): those are the ones a test must not leave.
 */
export function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((text) => !/Failed to load resource: (the server responded with a status of 4\d\d|net::ERR_)/.test(text));
}

/**
 * Waits (up to 5 s: a posting is a round trip) until the locator's text contains `text`. A locator
 * that matches nothing yet reads as empty instead of stalling the poll for Playwright's 30 s.
 */
export async function expectText(locator: Locator, text: string) {
  await expect.poll(() => locator.first().textContent({ timeout: 250 }).catch(() => ''), { timeout: 5000 }).toContain(text);
}
