/**
 * npm run bench:uploads (issue 26): while four hostile spreadsheets are uploaded at once, over and
 * over, to the expense import and to payroll's file, does the server keep answering? A poller
 * asks /api/health every 25 ms throughout; the process's memory is sampled every 20 ms (the
 * server, its reading workers and this bench share the process). On PGlite in a temporary
 * directory. Every upload must be refused with a 4xx and nothing written.
 *
 * The files: the outside review's three-million-row workbook (about 190 KB, 78 MB of sheet XML),
 * the same sheet declaring 1,000 bytes (inflating stops there), 30,000 rows within the 50 MB
 * bound (read up to the row limit), and 48 MB of empty rows (the longest read the bounds allow).
 * Targets: health p99 under 200 ms and max under 500 ms, memory growth under 300 MB. The same
 * polling for 10 s before any upload gives the machine's own figures, for comparison.
 * Prints one JSON line: {"bench":"uploads","healthP99Ms":…,"healthMaxMs":…,"rssGrowthMb":…,"bombs":…}.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { buildApp, type KoboApp } from '../app.ts';
import { readEnv } from '../config/env.ts';
import { expenseImports, savingsBatches } from '../db/schema.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import { findLedgerDrift } from '../modules/ledger/ledger-drift.ts';
import { handBuiltXlsx, rowXml, sheetOf, threeMillionRowBomb } from '../spreadsheet/hand-built-xlsx.ts';

const UPLOADERS = 4;
const ROUNDS = 6;
const HEALTH_EVERY_MS = 25;
const IDLE_POLL_MS = 10_000;
const ROUTES = ['/api/expense-imports/file', '/api/savings/batches/file'] as const;

type Bomb = { name: string; bytes: Buffer };

async function bombs(): Promise<Bomb[]> {
  const oneCellRow = '<row><c><v>5</v></c></row>';
  return [
    { name: 'three million rows', bytes: await threeMillionRowBomb() },
    { name: 'declares 1,000 bytes', bytes: await handBuiltXlsx(sheetOf(['Date'], oneCellRow, 3_000_000), { declaredSheetSize: 1000 }) },
    { name: '30,000 rows', bytes: await handBuiltXlsx(sheetOf(['Date', 'Item', 'Amount'], rowXml(['2026-11-20', 'Fuel', '5']), 30_000)) },
    { name: '48 MB of empty rows', bytes: await handBuiltXlsx(sheetOf(['Staff ID'], '<row><c s="1"/></row>', 2_400_000)) },
  ];
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-bench-uploads-'));
  let app: KoboApp | null = null;
  try {
    const env = readEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: join(dataDir, 'no-web') });
    app = await buildApp({ env, logger: false, backgroundJobs: false });
    const db = app.kobo.database.db;
    const email = `bench.admin.${Date.now()}@kobo.test`;
    await createAccount(db, { name: 'Bench Admin', email, password: 'bench-password', role: 'admin' });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password' }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const files = await bombs();

    const statuses = new Map<string, number>();
    const upload = async (bomb: Bomb, route: string) => {
      const response = await fetch(`${baseUrl}${route}`, {
        method: 'POST',
        body: new Uint8Array(bomb.bytes),
        headers: { cookie, origin: baseUrl, 'content-type': 'application/octet-stream', 'x-file-name': 'bomb.xlsx' },
      });
      const answer = (await response.json()) as { message?: string };
      if (response.status < 400 || response.status >= 500) throw new Error(`${bomb.name} on ${route}: ${response.status} ${JSON.stringify(answer)}`);
      const key = `${bomb.name} → ${response.status} ${answer.message ?? ''}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    };
    // Once each before measuring, so that what is measured is the steady state, workers started.
    await Promise.all(ROUTES.map((route) => upload(files[0] as Bomb, route)));

    const pollHealth = async (latencies: number[], keepGoing: () => boolean) => {
      while (keepGoing()) {
        const started = performance.now();
        const response = await fetch(`${baseUrl}/api/health`);
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
      }
    };
    // The machine's own noise, for comparison: the same polling with no upload running.
    const idle: number[] = [];
    const idleUntil = performance.now() + IDLE_POLL_MS;
    await pollHealth(idle, () => performance.now() < idleUntil);

    const latencies: number[] = [];
    const uploading = { isOn: true };
    const poller = pollHealth(latencies, () => uploading.isOn);
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    let uploaded = 0;
    const started = performance.now();
    try {
      await Promise.all(
        Array.from({ length: UPLOADERS }, async (_, uploader) => {
          for (let round = 0; round < ROUNDS; round += 1) {
            const bomb = files[(uploader + round) % files.length] as Bomb;
            await upload(bomb, ROUTES[uploader % ROUTES.length] as string);
            uploaded += 1;
          }
        }),
      );
    } finally {
      uploading.isOn = false;
      clearInterval(sampler);
      await poller;
    }
    const seconds = (performance.now() - started) / 1000;

    const [imports] = await db.select({ rows: count() }).from(expenseImports);
    const [batches] = await db.select({ rows: count() }).from(savingsBatches);
    if (imports?.rows !== 0 || batches?.rows !== 0) throw new Error(`rows were written: ${imports?.rows} imports, ${batches?.rows} batches`);
    const drift = await findLedgerDrift(db);

    const sorted = latencies.toSorted((a, b) => a - b);
    const idleSorted = idle.toSorted((a, b) => a - b);
    const line = {
      bench: 'uploads',
      healthP99Ms: Math.round(percentile(sorted, 0.99)),
      healthMaxMs: Math.round(sorted.at(-1) ?? 0),
      rssGrowthMb: Math.round((rssPeak - rssBefore) / 1024 / 1024),
      bombs: uploaded,
      uploaders: UPLOADERS,
      healthChecks: latencies.length,
      healthP50Ms: Math.round(percentile(sorted, 0.5)),
      idleHealthP99Ms: Math.round(percentile(idleSorted, 0.99)),
      idleHealthMaxMs: Math.round(idleSorted.at(-1) ?? 0),
      seconds: Math.round(seconds * 10) / 10,
      rowsWritten: 0,
      ledgerDrift: drift.length,
    };
    for (const [answer, times] of statuses) console.log(`${String(times).padStart(3)} × ${answer}`);
    console.log(`health p50 ${line.healthP50Ms} ms, p99 ${line.healthP99Ms} ms (target 200), max ${line.healthMaxMs} ms (target 500); memory growth ${line.rssGrowthMb} MB (target 300)`);
    console.log(`with no upload running: health p99 ${line.idleHealthP99Ms} ms, max ${line.idleHealthMaxMs} ms`);
    console.log(JSON.stringify(line));
  } finally {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
