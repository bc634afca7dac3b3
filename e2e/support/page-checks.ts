import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, PHONE, hasHorizontalScroll, newPage, screenshot } from './browser.ts';
import type { TestUser } from './kobo-server.ts';
import { signInQuickly } from './session.ts';

/**
 * Opens `path` as `user` on a 375 px phone and a 1280 px desktop, light and dark; checks the colour
 * scheme and that nothing scrolls sideways, and saves .e2e-artifacts/<name>-<width>-<scheme>.png.
 * `prepare` may open a modal or fill something first, and returns when the page is ready (not
 * 'networkidle': live pages hold an EventSource open). Answers what looked wrong: an empty list
 * when all is well.
 */
export async function screenshotEveryLook(
  browser: Browser,
  baseURL: string,
  user: Pick<TestUser, 'email' | 'password'>,
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
      for (const name of await paleDeleteControls(page)) problems.push(`${look}: '${name}' does not look red`);
      // Charts and modals animate in: let them finish before the picture.
      await page.waitForTimeout(400);
      await screenshot(page, `${shot.name}-${viewport.width}-${scheme}`);
      await context.close();
    }
  }
  return problems;
}

/**
 * The names of visible, enabled Delete controls that show no red, in their text or behind it: a
 * destructive button must look like one in both schemes (Mantine's dark 'light-color' is near white).
 */
async function paleDeleteControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Runs in the page: Playwright sends this function alone, so its helper must live inside it.
    // oxlint-disable-next-line unicorn/consistent-function-scoping
    const isRed = (css: string) => {
      const [red = 0, green = 0, blue = 0, alpha = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return alpha > 0.5 && red - Math.max(green, blue) > 60;
    };
    return [...document.querySelectorAll('button')]
      .map((button) => ({ button, name: button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '' }))
      .filter(({ button, name }) => /^Delete\b/.test(name) && !button.disabled && button.getClientRects().length > 0)
      .filter(({ button }) => !isRed(getComputedStyle(button).color) && !isRed(getComputedStyle(button).backgroundColor))
      .map(({ name }) => name);
  });
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

/**
 * A page is ready when its heading shows and no loader spins. Not 'networkidle': the dashboard,
 * reports and settings hold an EventSource open for live updates.
 */
export async function pageSettled(page: Page, heading: string) {
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await expect.poll(() => page.locator('.mantine-Loader-root').count(), { timeout: 10_000 }).toBe(0);
}
