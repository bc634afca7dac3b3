/**
 * `npm run bench:savings`: deposits per second through the HTTP API, signed in as an admin, at 1, 8
 * and 32 concurrent clients; on PostgreSQL (DATABASE_URL) also pgbench's built-in TPC-B
 * transaction against the same server at the same client counts, and the API/pgbench ratio.
 *
 * A shared 2-core machine swings by a third from one minute to the next, so the two are measured
 * side by side: each round runs the API and then pgbench at each client count, BENCH_ROUNDS
 * rounds (default 3) of BENCH_SECONDS each (default 5), and the table shows the medians with the
 * range. Loopback only. Not a test: it prints figures.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../app.ts';
import { readEnv } from '../config/env.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import { findLedgerDrift } from '../modules/ledger/ledger-drift.ts';
import { analyzeDatabase, createScratchDatabase } from './scratch-database.ts';

const CLIENT_COUNTS = [1, 8, 32];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_SECONDS = 3;
const PGBENCH_SCALE = 32;
const run = promisify(execFile);

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

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'kobo_bench_savings') : null;
  const databaseUrl = scratch?.url;
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = readEnv({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const app = await buildApp({ env, backgroundJobs: false });
  let pgbench: Pgbench | null = null;
  try {
    if (serverUrl) pgbench = await preparePgbench(serverUrl);
    await app.listen({ port, host: '127.0.0.1' });
    const cookie = await signInAsAdmin(app.kobo.database.db, baseUrl);
    const holders = await createStaff(baseUrl, cookie, Math.max(...CLIENT_COUNTS));

    // Unmeasured: lets V8 compile the hot path and the pool open its connections, as a server that
    // has been up for a while would have; pgbench, compiled C, needs no such start.
    await depositsPerSecond(baseUrl, cookie, holders, 8, WARM_UP_SECONDS);
    // The statistics autovacuum would have gathered by now on a production server (scratch-database.ts).
    if (databaseUrl) await analyzeDatabase(databaseUrl);
    const api: Samples = {};
    const tpcb: Samples | null = pgbench ? {} : null;
    for (let round = 0; round < ROUNDS; round++) {
      for (const clients of CLIENT_COUNTS) {
        (api[clients] ??= []).push(await depositsPerSecond(baseUrl, cookie, holders, clients));
        if (pgbench && tpcb) (tpcb[clients] ??= []).push(await pgbench.transactionsPerSecond(clients));
      }
    }
    const drift = await findLedgerDrift(app.kobo.database.db);
    if (drift.length > 0) throw new Error(`ledger drift after the benchmark: ${JSON.stringify(drift)}`);
    report(databaseUrl ? 'postgres' : 'pglite', api, tpcb);
  } finally {
    await app.close();
    await pgbench?.drop();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function signInAsAdmin(db: Parameters<typeof createAccount>[0], baseUrl: string): Promise<string> {
  const email = `bench.admin.${Date.now().toString(36)}@kobo.test`;
  const password = 'bench-password';
  await createAccount(db, { name: 'Bench Admin', email, password, role: 'admin' });
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

async function createStaff(baseUrl: string, cookie: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const response = await fetch(`${baseUrl}/api/savings/staff`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ email: `bench.staff.${Date.now().toString(36)}.${index}@kobo.test`, password: 'secret1', name: `Bench Staff ${index}` }),
    });
    if (response.status !== 201) throw new Error(`create staff failed: ${response.status} ${await response.text()}`);
    ids.push(((await response.json()) as { staff: { userId: string } }).staff.userId);
  }
  return ids;
}

/**
 * The load generator runs in a worker thread with plain node:http keep-alive connections, so the
 * clients' own work does not share the server's event loop (fetch in the same thread halved the
 * figures). Each client posts ₦1 deposits back to back on its own account for SECONDS.
 */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { baseUrl, cookie, holders, clients, seconds } = workerData;
const url = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
function deposit(body) {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path: '/api/savings/transactions', method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => response.statusCode === 201 ? resolve() : reject(new Error(response.statusCode + ' ' + Buffer.concat(chunks))));
    });
    request.on('error', reject);
    request.end(body);
  });
}
(async () => {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let done = 0;
  await Promise.all(Array.from({ length: clients }, async (_, client) => {
    const body = JSON.stringify({ userId: holders[client % holders.length], type: 'deposit', amount: '1.00' });
    while (performance.now() < deadline) { await deposit(body); done += 1; }
  }));
  agent.destroy();
  parentPort.postMessage(done / ((performance.now() - started) / 1000));
})().catch((error) => { throw error; });
`;

async function depositsPerSecond(baseUrl: string, cookie: string, holders: string[], clients: number, seconds = SECONDS): Promise<number> {
  const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { baseUrl, cookie, holders, clients, seconds } });
  return new Promise((resolve, reject) => {
    worker.once('message', (rate: number) => resolve(rate));
    worker.once('error', reject);
  }).finally(() => worker.terminate()) as Promise<number>;
}

function pgbenchBinary(): string {
  const bundled = '/usr/lib/postgresql/15/bin/pgbench';
  return existsSync(bundled) ? bundled : 'pgbench';
}

type Samples = Record<number, number[]>;
type Pgbench = { transactionsPerSecond: (clients: number) => Promise<number>; drop: () => Promise<void> };

/** pgbench -b tpcb-like in a scratch database of its own on the same server, created here and dropped by `drop`. */
async function preparePgbench(serverUrl: string): Promise<Pgbench> {
  const scratch = await createScratchDatabase(serverUrl, 'kobo_bench_pgbench');
  try {
    await run(pgbenchBinary(), ['-i', '-q', '-s', String(PGBENCH_SCALE), scratch.url], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  return {
    drop: scratch.drop,
    transactionsPerSecond: async (clients) => {
      const threads = Math.min(clients, cpus().length);
      const args = ['-b', 'tpcb-like', '-n', '-c', String(clients), '-j', String(threads), '-T', String(SECONDS), scratch.url];
      const { stdout } = await run(pgbenchBinary(), args);
      const match = /tps = ([\d.]+)/.exec(stdout);
      if (!match) throw new Error(`no tps in pgbench output:\n${stdout}`);
      return Number(match[1]);
    },
  };
}

function median(values: number[] = []): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function range(values: number[] = []): string {
  return `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}`;
}

/** Each round's API rate over the pgbench rate measured right after it: the pair saw the same machine. */
function ratios(api: Samples, tpcb: Samples, clients: number): number[] {
  return (api[clients] ?? []).map((rate, round) => rate / (tpcb[clients]?.[round] ?? Number.NaN));
}

function report(database: 'pglite' | 'postgres', api: Samples, tpcb: Samples | null) {
  const rows = CLIENT_COUNTS.map((clients) => {
    const paired = tpcb ? ratios(api, tpcb, clients) : [];
    return {
      clients,
      'API deposits/s': Math.round(median(api[clients])),
      '(range)': range(api[clients]),
      'pgbench TPC-B tps': tpcb ? Math.round(median(tpcb[clients])) : '-',
      '(range) ': tpcb ? range(tpcb[clients]) : '-',
      'API / pgbench': tpcb ? `${Math.round(median(paired) * 100)}%` : '-',
      '(range)  ': tpcb ? `${paired.map((ratio) => Math.round(ratio * 100)).toSorted((a, b) => a - b).join(', ')}%` : '-',
    };
  });
  console.log(
    `\nSavings deposits through the HTTP API (${database}; medians of ${ROUNDS} rounds of ${SECONDS} s; ${cpus().length} CPUs)`,
  );
  console.table(rows);
  const medians = (samples: Samples) => Object.fromEntries(CLIENT_COUNTS.map((clients) => [clients, Math.round(median(samples[clients]))]));
  const at8 = tpcb ? ratios(api, tpcb, 8) : null;
  console.log(
    JSON.stringify({
      bench: 'savings-deposits',
      database,
      seconds: SECONDS,
      rounds: ROUNDS,
      apiDepositsPerSecond: medians(api),
      pgbenchTps: tpcb ? medians(tpcb) : null,
      ratioAt8Clients: at8 ? Number(median(at8).toFixed(3)) : null,
      ratiosAt8ClientsByRound: at8 ? at8.map((ratio) => Number(ratio.toFixed(3))) : null,
      target: 0.5,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
