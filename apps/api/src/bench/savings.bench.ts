/**
 * `npm run bench:savings`: deposits per second through the HTTP API, signed in as an admin, at 1, 8
 * and 32 concurrent clients; on PostgreSQL (DATABASE_URL) also pgbench's built-in TPC-B
 * transaction against the same server at the same client counts, and the API/pgbench ratio.
 * Loopback only. BENCH_SECONDS (default 10) sets each run's length. Not a test: it prints figures.
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
import { findLedgerDrift } from '../modules/savings/ledger-drift.ts';
import { createScratchDatabase } from './scratch-database.ts';

const CLIENT_COUNTS = [1, 8, 32];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
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
  const app = await buildApp({ env });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const cookie = await signInAsAdmin(app.kobo.database.db, baseUrl);
    const holders = await createStaff(baseUrl, cookie, Math.max(...CLIENT_COUNTS));

    // Unmeasured: lets V8 compile the hot path and the pool open its connections, as a server that
    // has been up for a while would have; pgbench, compiled C, needs no such start.
    await depositsPerSecond(baseUrl, cookie, holders, 8, WARM_UP_SECONDS);
    const api: Record<number, number> = {};
    for (const clients of CLIENT_COUNTS) api[clients] = await depositsPerSecond(baseUrl, cookie, holders, clients);
    const drift = await findLedgerDrift(app.kobo.database.db);
    if (drift.length > 0) throw new Error(`ledger drift after the benchmark: ${JSON.stringify(drift)}`);

    const pgbench = serverUrl ? await runPgbench(serverUrl) : null;
    report(databaseUrl ? 'postgres' : 'pglite', api, pgbench);
  } finally {
    await app.close();
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

/** pgbench -b tpcb-like in a scratch database on the same server, created and dropped here. */
async function runPgbench(databaseUrl: string): Promise<Record<number, number>> {
  const scratch = await createScratchDatabase(databaseUrl, 'kobo_bench_pgbench');
  const target = scratch.url;
  try {
    await run(pgbenchBinary(), ['-i', '-q', '-s', String(PGBENCH_SCALE), target], { maxBuffer: 16 * 1024 * 1024 });
    const results: Record<number, number> = {};
    for (const clients of CLIENT_COUNTS) {
      const threads = Math.min(clients, cpus().length);
      const { stdout } = await run(pgbenchBinary(), ['-b', 'tpcb-like', '-n', '-c', String(clients), '-j', String(threads), '-T', String(SECONDS), target]);
      const match = /tps = ([\d.]+)/.exec(stdout);
      if (!match) throw new Error(`no tps in pgbench output:\n${stdout}`);
      results[clients] = Number(match[1]);
    }
    return results;
  } finally {
    await scratch.drop();
  }
}

function report(database: 'pglite' | 'postgres', api: Record<number, number>, pgbench: Record<number, number> | null) {
  const rows = CLIENT_COUNTS.map((clients) => {
    const apiRate = api[clients] ?? 0;
    const tpcb = pgbench?.[clients];
    return {
      clients,
      'API deposits/s': Math.round(apiRate),
      'pgbench TPC-B tps': tpcb === undefined ? '-' : Math.round(tpcb),
      'API / pgbench': tpcb ? `${Math.round((apiRate / tpcb) * 100)}%` : '-',
    };
  });
  console.log(`\nSavings deposits through the HTTP API (${database}, ${SECONDS} s per run, ${cpus().length} CPUs)`);
  console.table(rows);
  const ratioAt8 = pgbench?.[8] ? Number(((api[8] ?? 0) / pgbench[8]).toFixed(3)) : null;
  console.log(
    JSON.stringify({
      bench: 'savings-deposits',
      database,
      seconds: SECONDS,
      apiDepositsPerSecond: Object.fromEntries(CLIENT_COUNTS.map((clients) => [clients, Math.round(api[clients] ?? 0)])),
      pgbenchTps: pgbench ? Object.fromEntries(CLIENT_COUNTS.map((clients) => [clients, Math.round(pgbench[clients] ?? 0)])) : null,
      ratioAt8Clients: ratioAt8,
      target: 0.4,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
