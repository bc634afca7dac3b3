/**
 * npm run bench:batch (issue 11): reviews and posts payroll batches of 1,000 and 10,000 rows
 * through the HTTP API, then reverses the 10,000-row batch, on PGlite in a temporary directory
 * and, when DATABASE_URL is set, on a scratch database of that server. Prints a table and one
 * JSON line per database; checks the ledger for drift after the run.
 * Targets on PostgreSQL: 10,000 rows validated in under 2 s and posted in under 3 s, server
 * memory growth under 100 MB.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp, type KoboApp } from '../app.ts';
import { readEnv } from '../config/env.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import { findLedgerDrift } from '../modules/ledger/ledger-drift.ts';
import { createScratchDatabase } from './scratch-database.ts';

const HOLDERS = 10_000;
const SIZES = [1_000, 10_000] as const;

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
};

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
    await createAccount(app.kobo.database.db, { name: 'Bench Admin', email, password, role: 'admin' });
    await seedHolders(app);
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

    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const figures = new Map<number, Figures>();
    let reverseSeconds = 0;
    try {
      for (const [index, size] of SIZES.entries()) {
        const draft = {
          month: `2026-0${index + 1}`,
          rows: Array.from({ length: size }, (_, row) => ({ ref: `STF${String(row + 1).padStart(5, '0')}`, amount: '15,000.00' })),
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
    };
  } finally {
    await app?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const lines: Line[] = [await runOn('pglite', undefined)];
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
