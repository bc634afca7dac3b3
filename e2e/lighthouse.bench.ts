/**
 * `npm run bench:lighthouse`: Lighthouse's mobile preset (simulated slow 4G, a CPU four times
 * slower) on /login, /staff-savings (as a staff member) and /dashboard (as the administrator)
 * of the built app (issue 34). It starts the same server and seed as bench:load
 * (support/bench-server.ts), drives Debian's Chromium (nothing is downloaded), takes the median
 * of three runs per page, and prints a table and one JSON line. Not a test: it prints figures.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/browser.ts';
import { startBenchServer, type BenchAccount } from './support/bench-server.ts';

type PageName = 'login' | 'staffSavings' | 'dashboard';
type PageFigures = { performance: number; tbtMs: number; lcpMs: number; bytes: number };

/** Issue 34's targets on each page. */
const TARGETS = { performance: 90, tbtMs: 200, lcpMs: 2500 } as const;
const RUNS = 3;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The session cookie a sign-in sets, for Lighthouse to send with every request (it clears the browser's own storage before each run). */
async function cookieOf(baseURL: string, account: BenchAccount): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function main() {
  const server = await startBenchServer();
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'kobo-lighthouse-'));
  // Lighthouse opens its tab in the browser's default context: a persistent context is that one.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const plans: Record<PageName, { path: string; account: BenchAccount | null }> = {
      login: { path: '/login', account: null },
      staffSavings: { path: '/staff-savings', account: server.staff },
      dashboard: { path: '/dashboard', account: server.admin },
    };
    const pages = {} as Record<PageName, PageFigures>;
    // BENCH_LIGHTHOUSE_PAGES=dashboard,login measures only those (to look at one page's change); all by default.
    const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
    for (const name of (Object.keys(plans) as PageName[]).filter((page) => !only || only.includes(page))) {
      const { path, account } = plans[name];
      const cookie = account ? await cookieOf(server.baseURL, account) : null;
      const runs: PageFigures[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await auditRetrying(`${server.baseURL}${path}`, port, cookie));
      pages[name] = median(runs);
    }
    printTable(pages);
    console.log(JSON.stringify({ bench: 'lighthouse', pages }));
  } finally {
    await browser.close();
    await server.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Lighthouse now and then loses the trace's start of navigation (its NO_NAVSTART, "please run
 * Lighthouse again"): about one run in ten on /dashboard here. Such a run measured nothing, so it is
 * run again, up to twice; any other failure stops the bench.
 */
async function auditRetrying(url: string, port: number, cookie: string | null): Promise<PageFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port, cookie);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.includes('NO_NAVSTART')) throw error;
      console.error(`${url}: Lighthouse lost the trace's start (NO_NAVSTART); running it again`);
    }
  }
}

/** One Lighthouse run, its default (mobile) settings, performance only. */
async function audit(url: string, port: number, cookie: string | null): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  if (!lhr.finalDisplayedUrl.startsWith(url)) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: was the sign-in kept?`);
  // BENCH_LIGHTHOUSE_REPORTS=<directory> keeps each run's report, to see what the figures are made of.
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) writeFileSync(join(reports, `${new URL(url).pathname.slice(1)}-${Date.now()}.json`), JSON.stringify(lhr));
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbtMs: numeric('total-blocking-time'),
    lcpMs: numeric('largest-contentful-paint'),
    bytes: numeric('total-byte-weight'),
  };
}

/** The run with the median performance score, as Lighthouse's own docs advise (figures from one run, not mixed). */
function median(runs: PageFigures[]): PageFigures {
  const sorted = runs.toSorted((a, b) => a.performance - b.performance);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no Lighthouse runs');
  return middle;
}

function mark(met: boolean): string {
  return met ? 'met' : 'MISSED';
}

function printTable(pages: Record<PageName, PageFigures>) {
  console.log(`page           performance (≥ ${TARGETS.performance})  TBT (< ${TARGETS.tbtMs} ms)       LCP (< ${TARGETS.lcpMs} ms)       bytes`);
  for (const [name, figures] of Object.entries(pages) as [PageName, PageFigures][]) {
    console.log(
      [
        name.padEnd(14),
        `${figures.performance} ${mark(figures.performance >= TARGETS.performance)}`.padEnd(22),
        `${figures.tbtMs} ms ${mark(figures.tbtMs < TARGETS.tbtMs)}`.padEnd(20),
        `${figures.lcpMs} ms ${mark(figures.lcpMs < TARGETS.lcpMs)}`.padEnd(20),
        `${(figures.bytes / 1000).toFixed(1)} kB`,
      ].join('  '),
    );
  }
}

await main();
