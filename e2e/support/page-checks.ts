import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { FOUR_LOOKS, hasHorizontalScroll, newPage, screenshot, showLook } from './browser.ts';
import type { TestUser } from './kobo-server.ts';
import { signInQuickly } from './session.ts';

/** One screen to picture: getters, because the server, browser and users exist only after beforeAll. */
export type LookShot = {
  /** Names the tests and the pictures: .e2e-artifacts/<name>-<width>-<scheme>.png. */
  name: string;
  path: string | (() => string);
  user: () => Pick<TestUser, 'email' | 'password'>;
  /** May open a modal or fill something first; returns when the page is ready (not 'networkidle': live pages hold an EventSource open). */
  prepare: (page: Page) => Promise<void>;
};

/**
 * Registers one test per look (e.g. 'expenses-admin fits 375 px (dark)'), so each has its own time
 * limit and a failure names the screen, width and scheme. Each checks the colour scheme, that nothing
 * scrolls sideways and that Delete controls look red, and saves
 * .e2e-artifacts/<name>-<width>-<scheme>.png. Data the looks share belongs in a beforeAll of the
 * describe that holds them.
 *
 * The four looks share one signed-in page. The first opens `path` as `user` and prepares it; the
 * others change the width and the phone's colour scheme (which Kobo follows until a person chooses,
 * issue 13) in place, as a phone turning dark at dusk or rotating does, rather than loading it again:
 * a load per look was the largest part of the browser tests' time on two cores. A look that failed
 * leaves the next to load the page afresh.
 */
export function itFitsEveryLook(env: () => { browser: Browser; baseURL: string }, shot: LookShot) {
  let opened: { context: BrowserContext; page: Page } | null = null;
  let prepared = false;
  const signedInPage = async () => {
    if (opened) return opened;
    const { browser, baseURL } = env();
    const fresh = await newPage(browser, baseURL);
    await signInQuickly(fresh.page, shot.user());
    opened = fresh;
    return fresh;
  };
  afterAll(async () => {
    await opened?.context.close();
  });

  // A loop rather than it.each: it.each would quote the scheme in the title.
  for (const { scheme, viewport } of FOUR_LOOKS) {
    it(`${shot.name} fits ${viewport.width} px (${scheme})`, async () => {
      const look = `${shot.name} at ${viewport.width}px, ${scheme}`;
      const problems: string[] = [];
      const { page } = await signedInPage();
      // The page's own readiness (prepare) decides, not the load event: on a busy 2-core machine a
      // late image or font held 'load' past its 30 s once while the page itself had long drawn.
      const load = async () => {
        await page.goto(typeof shot.path === 'string' ? shot.path : shot.path(), { waitUntil: 'domcontentloaded' });
        await shot.prepare(page);
      };
      // Until this look passes, the next one loads the page afresh.
      const loadFirst = prepared ? undefined : load;
      prepared = false;
      const shownScheme = await showLook(page, { scheme, viewport }, { load: loadFirst });
      if (shownScheme !== scheme) problems.push(`${look}: the page is ${shownScheme}`);
      // Charts, modals and a layout turning to the other width animate: let them finish first.
      await page.waitForTimeout(400);
      if (await hasHorizontalScroll(page)) problems.push(`${look}: scrolls sideways`);
      for (const name of await paleDeleteControls(page)) problems.push(`${look}: '${name}' does not look red`);
      await screenshot(page, `${shot.name}-${viewport.width}-${scheme}`);
      expect(problems).toEqual([]);
      prepared = true;
    });
  }
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
 * Waits (up to the e2e project's poll limit) until the locator's text contains `text`. A locator
 * that matches nothing yet reads as empty instead of stalling the poll for Playwright's 30 s.
 */
export async function expectText(locator: Locator, text: string) {
  await expect.poll(() => locator.first().textContent({ timeout: 250 }).catch(() => '')).toContain(text);
}

/**
 * A page is ready when its heading shows and no loader spins. Not 'networkidle': the dashboard,
 * reports and settings hold an EventSource open for live updates.
 */
export async function pageSettled(page: Page, heading: string) {
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await expect.poll(() => page.locator('.mantine-Loader-root').count()).toBe(0);
}

/** The text the field points to with aria-describedby: its error (and description) written beside it. */
export async function besideField(field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby', { timeout: 250 }).catch(() => null)) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(' ');
}

/** A field marked invalid, with `text` among what it points to. */
export async function expectBeside(field: Locator, text: string) {
  await expect.poll(() => besideField(field)).toContain(text);
  expect(await field.getAttribute('aria-invalid')).toBe('true');
}
