/**
 * npm run bench:expenses: seeds BENCH_ROWS expenses (default 1,000,000 over two years, 20
 * categories, 50 users) into PGlite in a temporary directory, or into DATABASE_URL when set; starts
 * the real app on a port, signs in over HTTP as an admin, and times each endpoint against the same
 * SQL run directly on the database, then streams an export of up to 100,000 rows. Issue 14 adds
 * `search` (a word in 1% of descriptions, over every expense, against the same SQL) and
 * `filtered export` (the expenses screen's export of that search: seconds and rows),
 * `import 10,000 rows` (review + import of a spreadsheet, seconds) and a 5 MB receipt's upload and fetch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { addDays, calendarDate, dashboardRange, type DashboardPeriod } from '@kobo/core';
import { buildApp } from '../app.ts';
import { readEnv } from '../config/env.ts';
import { queryRows } from '../db/client.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import { categoryInUseQuery } from '../modules/categories/delete-category.ts';
import { dashboardQueries } from '../modules/dashboard/get-dashboard.ts';
import { reportRowsQuery, reportSummaryQuery } from '../modules/reports/read-report.ts';
import { expenseConditions } from '../modules/expense-scope/expense-scope.ts';
import { expensePageQuery, expenseTotalsQuery, onSearchIndexes } from '../modules/expenses/read-expenses.ts';
import { searchCondition } from '../modules/expenses/expense-list-sql.ts';
import { BENCH_DAYS, seedExpenses } from './seed-expenses.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { benchImport, type ImportBenchResult } from './import-bench.ts';
import { benchReceipts } from './receipts-bench.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const EXPORT_ROWS = 100_000;
const TIME_ZONE = 'Africa/Lagos';

function log(line: string) {
  console.log(line);
}

function pad(text: string | number, width: number): string {
  return String(text).padStart(width);
}

type NamedImportResult = ImportBenchResult & { name: string };
type Result = { name: string; apiMedianMs: number; apiP95Ms: number; sqlMedianMs: number; ratio: number };
/** A timed download rather than a median: seconds for the whole file. */
type TimedResult = { name: string; seconds: number; rows: number; megabytes: number; peakRssGrowthMb: number };

/** The search benchmark's word: in 1 in 100 descriptions (seed-expenses.ts). */
const SEARCH_WORD = 'cartridge';

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-bench-'));
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'kobo_bench_expenses') : null;
  const databaseUrl = scratch?.url;
  const env = readEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    APP_TIMEZONE: TIME_ZONE,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
  });
  log(`Kobo expenses benchmark: ${ROWS.toLocaleString('en-NG')} rows on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
  const app = await buildApp({ env, logger: false, backgroundJobs: false });
  try {
    const { db } = app.kobo.database;
    const password = 'bench-password';
    const email = `bench.admin.${Date.now()}@kobo.test`;
    const admin = await createAccount(db, { name: 'Bench Admin', email, password, role: 'admin' });
    const today = calendarDate(new Date(), TIME_ZONE);
    const seedStart = performance.now();
    await seedExpenses(db, { rows: ROWS, today, adminId: admin.id, log });
    log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const cookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const call = async (method: string, path: string, expected: number) => {
      const response = await fetch(`${baseUrl}${path}`, { method, headers: { cookie } });
      await response.arrayBuffer();
      if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status}`);
    };
    const raw = (queries: SQL[]) => Promise.all(queries.map((query) => queryRows(db, query)));

    const [category] = await queryRows<{ id: string }>(db, sql`select id from categories where name = 'Bench item 01'`);
    if (!category) throw new Error('no bench category');
    const all = { allUsers: true } as const;
    const now = new Date();
    const yearRange = { from: addDays(today, -364), to: today };
    const monthRange = dashboardRange('month', now, TIME_ZONE);
    const listWhere = expenseConditions(all, { categoryId: category.id, range: monthRange });

    const results: (Result | TimedResult | NamedImportResult)[] = [];
    for (const period of ['week', 'month', 'year'] as DashboardPeriod[]) {
      const queries = dashboardQueries(all, period, dashboardRange(period, now, TIME_ZONE));
      results.push(
        await compare(`dashboard ${period}`, () => call('GET', `/api/dashboard?period=${period}`, 200), () => raw([queries.totals, queries.recent])),
      );
    }
    const reportQuery = `from=${yearRange.from}&to=${yearRange.to}`;
    results.push(await compare('report (one year)', () => call('GET', `/api/reports?${reportQuery}`, 200), () => raw([reportSummaryQuery(all, yearRange)])));
    results.push(
      await compare('report rows page', () => call('GET', `/api/reports/rows?${reportQuery}&limit=100`, 200), () =>
        raw([reportRowsQuery(all, yearRange, 101)]),
      ),
    );
    results.push(
      await compare(
        'filtered list page',
        () => call('GET', `/api/expenses?time=month&category=${category.id}&limit=50`, 200),
        () => raw([expensePageQuery(listWhere, 51), expenseTotalsQuery(listWhere)]),
      ),
    );
    results.push(
      await compare('category-in-use check', () => call('DELETE', `/api/categories/${category.id}`, 409), () => raw([categoryInUseQuery(category.id)])),
    );

    // Issue 14: search over every expense (trigram index), as the screen asks for it: newest entered first, 50 a page.
    const searchWhere = sql`${expenseConditions(all)} and ${await searchCondition(db, SEARCH_WORD)}`;
    results.push(
      await compare(
        'search',
        () => call('GET', `/api/expenses?time=all&q=${SEARCH_WORD}&limit=50`, 200),
        // The same statements the same way: the total with sequential scans discouraged.
        () => Promise.all([queryRows(db, expensePageQuery(searchWhere, 51)), onSearchIndexes(db, SEARCH_WORD, (tx) => queryRows(tx, expenseTotalsQuery(searchWhere)))]),
      ),
    );

    const exportResult = await benchExport(baseUrl, cookie, today);
    // The expenses screen's own export of that search (every matching row, in the screen's order).
    const filtered = await timeDownload(baseUrl, cookie, `/api/expenses/export?time=all&q=${SEARCH_WORD}`);
    results.push({ name: 'filtered export', ...filtered });
    // A 10,000-row spreadsheet reviewed and imported over HTTP (seconds: both steps together).
    const imported = await benchImport({ baseUrl, cookie, timeZone: TIME_ZONE });
    results.push({ name: 'import 10,000 rows', ...imported });
    printTable(results, exportResult);
    // A phone photo of about 5 MB uploaded (checked, shrunk, thumbnailed, stored) and fetched back.
    const receipts = await benchReceipts({ baseUrl, cookie });
    console.log(
      `receipt ${receipts.uploadMegabytes} MB: upload ${receipts.uploadSeconds} s, fetch ${receipts.fetchSeconds} s, peak RSS growth ${receipts.peakRssGrowthMb} MB\n`,
    );
    console.log(
      JSON.stringify({ rows: ROWS, database: databaseUrl ? 'postgres' : 'pglite', iterations: ITERATIONS, results, export: exportResult, receipts }),
    );
  } finally {
    await app.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function compare(name: string, api: () => Promise<unknown>, rawSql: () => Promise<unknown>): Promise<Result> {
  const apiTimes = await timeRuns(api);
  const sqlTimes = await timeRuns(rawSql);
  const apiMedianMs = percentile(apiTimes, 0.5);
  const sqlMedianMs = percentile(sqlTimes, 0.5);
  return { name, apiMedianMs, apiP95Ms: percentile(apiTimes, 0.95), sqlMedianMs, ratio: round(apiMedianMs / sqlMedianMs) };
}

async function timeRuns(run: () => Promise<unknown>): Promise<number[]> {
  for (let warmup = 0; warmup < 2; warmup++) await run();
  const times: number[] = [];
  for (let index = 0; index < ITERATIONS; index++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

/** Streams an export of up to 100,000 rows, sampling this process's RSS (the server runs in it). */
async function benchExport(baseUrl: string, cookie: string, today: string) {
  const perDay = Math.max(1, ROWS / BENCH_DAYS);
  const days = Math.min(BENCH_DAYS, Math.floor(EXPORT_ROWS / perDay));
  return timeDownload(baseUrl, cookie, `/api/export/expenses?from=${addDays(today, -(days - 1))}&to=${today}`);
}

/** Downloads one streamed .xlsx: seconds, rows (x-export-rows), size, and peak RSS growth meanwhile. */
async function timeDownload(baseUrl: string, cookie: string, path: string) {
  globalThis.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  const start = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
  let bytes = 0;
  // A reader rather than `for await`: the DOM's ReadableStream type (which fetch's answer has once
  // the DOM library is in the program) does not declare async iteration.
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return {
    rows: Number(response.headers.get('x-export-rows')),
    seconds: round(seconds),
    megabytes: round(bytes / 1_048_576),
    peakRssGrowthMb: round((peak - baseline) / 1_048_576),
  };
}

function printTable(results: (Result | TimedResult | NamedImportResult)[], exported: Awaited<ReturnType<typeof benchExport>>) {
  console.log(`\n${'scenario'.padEnd(24)}${pad('api median', 12)}${pad('api p95', 10)}${pad('sql median', 12)}${pad('ratio', 8)}`);
  for (const result of results) {
    if ('validateSeconds' in result) {
      console.log(`${result.name.padEnd(24)}${result.seconds} s (review ${result.validateSeconds} s, import ${result.importSeconds} s)`);
      continue;
    }
    if ('seconds' in result) {
      console.log(`${result.name.padEnd(24)}${result.rows.toLocaleString('en-NG')} rows in ${result.seconds} s (${result.megabytes} MB)`);
      continue;
    }
    console.log(
      `${result.name.padEnd(24)}${pad(`${round(result.apiMedianMs)} ms`, 12)}${pad(`${round(result.apiP95Ms)} ms`, 10)}${pad(`${round(result.sqlMedianMs)} ms`, 12)}${pad(`${result.ratio}×`, 8)}`,
    );
  }
  console.log(
    `export ${exported.rows.toLocaleString('en-NG')} rows: ${exported.seconds} s, ${exported.megabytes} MB file, peak RSS growth ${exported.peakRssGrowthMb} MB\n`,
  );
}

function percentile(values: number[], fraction: number): number {
  const sorted = values.toSorted((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
