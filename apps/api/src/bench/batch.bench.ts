/**
 * npm run bench:batch (issue 11): reviews and posts payroll batches of 1,000 and 10,000 rows
 * through the HTTP API, then reverses the 10,000-row batch, on PGlite in a temporary directory
 * and, when DATABASE_URL is set, on a scratch database of that server. Prints a table and one
 * JSON line per database; checks the ledger for drift after the run.
 * Targets on PostgreSQL: 10,000 rows validated in under 2 s and posted in under 3 s, server
 * memory growth under 100 MB.
 * BENCH_PRODUCTS=3 (issue 29): every member has an active loan (seed-loans.ts) and each row carries
 * three savings columns, ordinary ₦5,000, Christmas (target) ₦2,000 and Shares ₦1,000, and the
 * 10,000-row batch also each loan's instalment due today: 30,000 savings rows + 10,000 repayments
 * in one batch. Target on PostgreSQL: posted in under 1.5 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { amountDue, calendarDate, koboToNairaString, type IsoDate } from '@kobo/core';
import { buildApp, type KoboApp } from '../app.ts';
import { readEnv } from '../config/env.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import { findLedgerDrift } from '../modules/ledger/ledger-drift.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { seedLoans, type SeededLoan } from './seed-loans.ts';
import { seedProducts } from './seed-products.ts';

const HOLDERS = 10_000;
const SIZES = [1_000, 10_000] as const;
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1);
if (PRODUCTS !== 1 && PRODUCTS !== 3) throw new Error('BENCH_PRODUCTS is 1 (ordinary savings only) or 3 (ordinary, shares, target)');

type Figures = { review: number; post: number };
type Line = {
  bench: 'batch';
  database: 'pglite' | 'postgres';
  rows: number;
  validateSeconds: number;
  postSeconds: number;
  reverseSeconds: number;
  rssGrowthMb: number;
  rows1000ValidateSeconds: number;
  rows1000PostSeconds: number;
  products: number;
};

/** The staff ID of the row-th seeded member. */
function ref(row: number): string {
  return `STF${String(row + 1).padStart(5, '0')}`;
}

/** The month before `month` ('YYYY-MM'). */
function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

async function seedHolders(app: KoboApp): Promise<void> {
  // Set-based: 10,000 staff members with staff IDs, as Add New Staff would leave them (no sign-in needed).
  await app.kobo.database.db.execute(sql`
    insert into users (id, name, email, role, staff_id, active)
    select 'bench-' || n, 'Bench Staff ' || n, 'bench.staff.' || n || '@kobo.test', 'staff', 'STF' || lpad(n::text, 5, '0'), true
    from generate_series(1, ${HOLDERS}) as n`);
  // The batches are valued in January and February 2026; a fresh database's books start today (issue 26).
  await app.kobo.database.db.execute(sql`insert into app_settings (key, value) values ('savings.books_start', '2026-01-01')`);
}

async function runOn(database: 'pglite' | 'postgres', serverUrl: string | undefined): Promise<Line> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-bench-batch-'));
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'kobo_bench_batch') : null;
  let app: KoboApp | null = null;
  try {
    const env = readEnv({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    });
    app = await buildApp({ env, logger: false, backgroundJobs: false });
    const password = 'bench-password';
    const email = `bench.admin.${Date.now()}@kobo.test`;
    const admin = await createAccount(app.kobo.database.db, { name: 'Bench Admin', email, password, role: 'admin' });
    const today = calendarDate(new Date(), env.APP_TIMEZONE) as IsoDate;
    let loans: SeededLoan[] = [];
    let products: { shares: string; christmas: string } | null = null;
    if (PRODUCTS === 3) {
      loans = await seedLoans(app.kobo.database.db, { count: HOLDERS, today, admin: { id: admin.id, email }, log: () => {} });
      products = await seedProducts(app.kobo.database.db);
      await app.kobo.database.db.execute(sql`insert into app_settings (key, value) values ('savings.books_start', '2025-01-01') on conflict (key) do update set value = excluded.value`);
    } else {
      await seedHolders(app);
    }
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const send = async (path: string, body: unknown, expected: number) => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as Record<string, unknown>;
      if (response.status !== expected) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
      return { seconds: (performance.now() - started) / 1000, answer };
    };

    const loanOf = new Map(loans.map((loan) => [loan.staffId, loan]));
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const figures = new Map<number, Figures>();
    let reverseSeconds = 0;
    try {
      for (const [index, size] of SIZES.entries()) {
        // Products: last month's 1,000 rows of savings, then this month's 10,000 with every loan's instalment.
        const draft = products
          ? {
              month: index === 0 ? previousMonth(today.slice(0, 7)) : today.slice(0, 7),
              ...(index === 0 ? {} : { valueDate: today }),
              rows: Array.from({ length: size }, (_, row) => ({
                ref: ref(row),
                amount: '5,000.00',
                products: { [products.christmas]: '2,000.00', [products.shares]: '1,000.00' },
                ...(index === 0 ? {} : { loanRepayment: koboToNairaString(amountDue((loanOf.get(ref(row)) as SeededLoan).position, today)) }),
              })),
            }
          : {
              month: `2026-0${index + 1}`,
              rows: Array.from({ length: size }, (_, row) => ({ ref: ref(row), amount: '15,000.00' })),
            };
        const review = await send('/api/savings/batches/review', draft, 200);
        if (review.answer.readyCount !== size) throw new Error(`review: ${String(review.answer.readyCount)} of ${size} ready`);
        const posted = await send('/api/savings/batches', draft, 201);
        figures.set(size, { review: review.seconds, post: posted.seconds });
        if (size === 10_000) {
          const batch = posted.answer.batch as { id: string };
          reverseSeconds = (await send(`/api/savings/batches/${batch.id}/reversal`, { reason: 'Benchmark' }, 201)).seconds;
        }
      }
    } finally {
      clearInterval(sampler);
    }
    const drift = await findLedgerDrift(app.kobo.database.db);
    if (drift.length > 0) throw new Error(`ledger drift after the run: ${JSON.stringify(drift.slice(0, 3))}`);
    const big = figures.get(10_000) as Figures;
    const small = figures.get(1_000) as Figures;
    return {
      bench: 'batch',
      database,
      rows: 10_000,
      validateSeconds: round(big.review),
      postSeconds: round(big.post),
      reverseSeconds: round(reverseSeconds),
      rssGrowthMb: Math.round((rssPeak - rssBefore) / 1024 / 1024),
      rows1000ValidateSeconds: round(small.review),
      rows1000PostSeconds: round(small.post),
      products: PRODUCTS,
    };
  } finally {
    await app?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  // BENCH_PGLITE=0 measures PostgreSQL only (with DATABASE_URL).
  const lines: Line[] = process.env.BENCH_PGLITE === '0' ? [] : [await runOn('pglite', undefined)];
  if (process.env.DATABASE_URL) lines.push(await runOn('postgres', process.env.DATABASE_URL));
  console.log('database   rows    validate s   post s   reverse s   rss growth MB   (1,000 rows: validate s / post s)');
  for (const line of lines) {
    console.log(
      `${line.database.padEnd(10)} ${String(line.rows).padStart(6)} ${line.validateSeconds.toFixed(3).padStart(12)} ${line.postSeconds.toFixed(3).padStart(8)} ${line.reverseSeconds.toFixed(3).padStart(11)} ${String(line.rssGrowthMb).padStart(15)}   (${line.rows1000ValidateSeconds.toFixed(3)} / ${line.rows1000PostSeconds.toFixed(3)})`,
    );
  }
  for (const line of lines) console.log(JSON.stringify(line));
}

await main();
