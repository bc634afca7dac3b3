import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { FOUR_LOOKS, newPage, showLook } from './browser.ts';
import type { TestUser } from './kobo-server.ts';
import { signInQuickly } from './session.ts';

/** axe-core's own bundle, read from node_modules and put in the page: the machine has no network. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 AA (issue 13): the sweep fails on these impacts; 'moderate' and 'minor' are reported by axe but not held. */
const FAILING_IMPACTS = new Set(['critical', 'serious']);

/** One page for the sweep: where it is, and how to know it has finished loading (and maybe open a dialog). */
export type A11yPage = {
  name: string;
  path: string | (() => string);
  /** Returns once the page shows what it is for (its data, an open dialog): axe judges what is drawn. */
  ready: (page: Page) => Promise<void>;
};

/**
 * axe's critical and serious violations on the page as it stands, one line per offending element
 * ('color-contrast: .mantine-Button-root > span'), so a failure names the rule and the element.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // Evaluated rather than added as a <script>: Kobo's Content-Security-Policy (script-src 'self')
  // rightly refuses inline scripts, and the test must not loosen it.
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async (DEBUG) => {
    // oxlint-disable-next-line typescript/no-unsafe-type-assertion -- the script tag above defines it
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    // Every rule axe runs by default (WCAG 2.0–2.2 A/AA and best practice); none switched off.
    const run = await axe.run(document, { resultTypes: ['violations'] });
    return run.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      targets: violation.nodes.map((node) => node.target.join(' ') + (DEBUG ? ` ${node.html.slice(0, 120)} ${node.any[0]?.message ?? ''}` : '')),
    }));
  }, Boolean(process.env.KOBO_AXE_DEBUG));
  return results
    .filter((violation) => violation.impact !== null && FAILING_IMPACTS.has(violation.impact))
    .flatMap((violation) => violation.targets.map((target) => `${violation.id}: ${target}`));
}

/**
 * A role's signed-in browser context for the sweep, opened once. Each page loads once; the four
 * looks are then taken in place: the phone's colour scheme (which Kobo follows until a person
 * chooses, issue 13) and the width change live, as they do when a phone turns dark at dusk or
 * rotates, so axe judges each look without paying for four cold loads.
 */
export function sweeper(env: () => { browser: Browser; baseURL: string }, user: (() => Pick<TestUser, 'email' | 'password'>) | null) {
  let opened: { context: BrowserContext; page: Page } | null = null;

  async function open() {
    if (opened) return opened;
    const { browser, baseURL } = env();
    const fresh = await newPage(browser, baseURL);
    if (user) await signInQuickly(fresh.page, user());
    opened = fresh;
    return fresh;
  }

  return {
    /** Every look of `target`: the violations of all four, each line prefixed with its look; [] when all pass. */
    async sweep(target: A11yPage): Promise<string[]> {
      const { page } = await open();
      const problems: string[] = [];
      for (const [index, { scheme, viewport }] of FOUR_LOOKS.entries()) {
        const look = `${target.name} ${viewport.width}px ${scheme}`;
        const load = async () => {
          await page.goto(typeof target.path === 'string' ? target.path : target.path());
          await target.ready(page);
        };
        expect(await showLook(page, { scheme, viewport }, { load: index === 0 ? load : undefined, reducedMotion: 'reduce' })).toBe(scheme);
        // Transitions (a dialog turning full-screen, a chart redrawing) would be judged half-way.
        await page.waitForTimeout(250);
        for (const line of await seriousViolations(page)) problems.push(`${look}: ${line}`);
      }
      return problems;
    },
    async close() {
      await opened?.context.close();
    },
  };
}
