import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS_DIR = new URL('../../.e2e-artifacts/', import.meta.url).pathname;

/** The flags every Chromium here starts with: nothing that reaches the network (this machine has none). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

/** Debian's Chromium, headless, with nothing that reaches the network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, '--disable-quic'],
  });
}

export const PHONE = { width: 375, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** The four looks every screen must fit: light and dark, on a 375 px phone and a 1280 px desktop. */
export type Look = { scheme: 'light' | 'dark'; viewport: { width: number; height: number } };
export const FOUR_LOOKS: readonly Look[] = (['light', 'dark'] as const).flatMap((scheme) => [PHONE, DESKTOP].map((viewport) => ({ scheme, viewport })));

/**
 * Turns an open page to `look` in place, as a phone rotating or turning dark at dusk does: the width,
 * then the phone's colour scheme, which Kobo follows until a person chooses (issue 13). `load`, when
 * given, opens the page after the look is set (a first look). Returns the scheme the page then
 * shows, once it follows (or after 15 s), for the caller to hold against `look.scheme`.
 */
export async function showLook(page: Page, look: Look, options: { load?: () => Promise<void>; reducedMotion?: 'reduce' } = {}): Promise<string | null> {
  await page.setViewportSize(look.viewport);
  await page.emulateMedia({ colorScheme: look.scheme, ...(options.reducedMotion ? { reducedMotion: options.reducedMotion } : {}) });
  await options.load?.();
  await page.waitForFunction((wanted) => document.documentElement.getAttribute('data-mantine-color-scheme') === wanted, look.scheme, { timeout: 15_000 }).catch(() => undefined);
  return page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
}
/** For it.each: a test that must pass on a 375 px phone and on a 1280 px desktop, each named in its title ('… at 375 px'). */
export const EACH_WIDTH = [
  [PHONE.width, PHONE],
  [DESKTOP.width, DESKTOP],
] as const;

export async function newPage(
  browser: Browser,
  baseURL: string,
  options: {
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
    /** 'allow' for the install and offline tests; elsewhere every load reaches the server, as a first visit does. */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    // A service worker would answer reloads from its cache, past page.route and the server.
    serviceWorkers: options.serviceWorkers ?? 'block',
    viewport: options.viewport ?? DESKTOP,
    colorScheme: options.colorScheme ?? 'light',
    // Kobo's people are in Nigeria, as the server's APP_TIMEZONE is: the browser's "today" and the
    // server's agree even when these tests run near midnight in Lagos (23:00 UTC).
    timezoneId: 'Africa/Lagos',
  });
  return { context, page: await pageIn(context) };
}

/**
 * Another tab in a context: its cookies (a sign-in) and its HTTP cache are shared, so a test that
 * visits many addresses as one person pays for one sign-in and one cold load of the scripts.
 * Its errors are collected for pageErrorsOf.
 */
export async function pageIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  Object.assign(page, { pageErrors: errors });
  untilTakenOverOnLoad(page);
  return page;
}

/**
 * A page the server rendered is on screen before its scripts, which start only after its first
 * paint (public/theme-init.js, docs/decisions/058): a click that lands before React has taken the
 * page over does nothing, as on a phone. So `goto` and `reload` here return, as a person would act,
 * once every control of such a page is React's, or its scripts failed to load; a page the browser
 * draws itself is returned as before. `waitUntil: 'commit'` keeps the old meaning, for a test of
 * what a page does before its scripts.
 */
function untilTakenOverOnLoad(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const takenOver = async <T>(answer: T, options?: { waitUntil?: string }) => {
    if (options?.waitUntil !== 'commit') await untilTakenOver(page);
    return answer;
  };
  Object.assign(page, {
    goto: async (url: string, options?: Parameters<Page['goto']>[1]) => takenOver(await goto(url, options), options),
    reload: async (options?: Parameters<Page['reload']>[0]) => takenOver(await reload(options), options),
  });
}

/** Until every control of a server-rendered page is React's (its element carries React's key), or the page's scripts failed. */
export async function untilTakenOver(page: Page, retries = 1): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const root = document.querySelector('#root[data-screen]');
        if (!root || document.documentElement.getAttribute('data-scripts') === 'failed') return true;
        const controls = [...root.querySelectorAll('button, a[href], input, select, textarea')];
        return controls.every((control) => Object.keys(control).some((key) => key.startsWith('__reactFiber$')));
      },
      undefined,
      { timeout: 30_000 },
    )
    .catch(async (error: Error) => {
      // The page went on to another address while we waited (the app's own reload): wait on that one.
      if (retries > 0 && /context was destroyed|navigat/i.test(error.message)) return untilTakenOver(page, retries - 1);
      throw error;
    });
}

export function pageErrorsOf(page: Page): string[] {
  return (page as Page & { pageErrors?: string[] }).pageErrors ?? [];
}

/** A picture for a person to look at; `fullPage: false` for a page too long to picture whole (the API reference). */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS_DIR}${name}.png`, fullPage });
}

/** True when the page is wider than the window: the thing a phone user must never see. */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}
