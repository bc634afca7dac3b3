/**
 * `npm run bench:deposit-cpu`: what one API deposit costs in CPU, which a busy machine does not
 * blur the way it blurs deposits per second (issues 27 and 28).
 *
 * The server runs in a child process of its own (this file with `--serve`), signed-in clients post
 * ₦1 deposits over keep-alive connections from this process, and the figures are the server
 * process's CPU (process.cpuUsage over IPC: every thread, the GC's too) and, on PostgreSQL
 * (DATABASE_URL), the CPU of the database backends serving it (/proc/<pid>/stat), each divided by
 * the deposits posted. DEPOSIT_CPU_COUNT deposits (default 4000) at DEPOSIT_CPU_CLIENTS clients
 * (default 8), DEPOSIT_CPU_ROUNDS rounds (default 3), after a warm-up of the same size and an
 * ANALYZE (as bench:savings; DEPOSIT_CPU_ANALYZE=0 skips it).
 *
 * DEPOSIT_CPU_TREES=/tmp/before,/work/main compares checkouts (each with this file and its
 * node_modules): a server from each, all up at once, each round taking every tree in turn, so
 * the machine's swings weigh on all alike. DEPOSIT_CPU_PROFILE=<dir> also writes a .cpuprofile of the server over the last round;
 * DEPOSIT_CPU_KEEP_DATABASE=1 leaves the database behind, for EXPLAIN; DEPOSIT_CPU_SQL runs a
 * statement on each database after the warm-up (a database change to try before its migration).
 * Not a test: it prints figures.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from 'pg';
import { analyzeDatabase } from './scratch-database.ts';

const COUNT = Number(process.env.DEPOSIT_CPU_COUNT ?? 4000);
const CLIENTS = Number(process.env.DEPOSIT_CPU_CLIENTS ?? 8);
const ROUNDS = Number(process.env.DEPOSIT_CPU_ROUNDS ?? 3);
const PROFILE_DIR = process.env.DEPOSIT_CPU_PROFILE;
const CLOCK_TICKS_PER_SECOND = 100;

type ToServer = { kind: 'cpu' } | { kind: 'profile-start' } | { kind: 'profile-stop'; path: string } | { kind: 'stop' };
type FromServer =
  | { kind: 'ready'; port: number; email: string; password: string }
  | { kind: 'cpu'; userMicros: number; systemMicros: number }
  | { kind: 'done' };

if (process.argv.includes('--serve')) void serve();
else void measure();

function send(message: FromServer) {
  process.send?.(message);
}

function median(values: number[]): number {
  return values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}

/** The child: the app as the bench runs it (production, silent), and the answers to the parent's questions. */
async function serve() {
  const [{ buildApp }, { readEnv }, { createAccount }, { Session }] = await Promise.all([
    import('../app.ts'),
    import('../config/env.ts'),
    import('../modules/auth/create-account.ts'),
    import('node:inspector/promises'),
  ]);
  const port = Number(process.env.DEPOSIT_CPU_PORT);
  const dataDir = process.env.DEPOSIT_CPU_DATA_DIR ?? '';
  const env = readEnv({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const app = await buildApp({ env, backgroundJobs: false });
  await app.listen({ port, host: '127.0.0.1' });
  const email = `cpu.admin.${Date.now().toString(36)}@kobo.test`;
  const password = 'bench-password';
  await createAccount(app.kobo.database.db, { name: 'CPU Admin', email, password, role: 'admin' });
  const session = new Session();
  process.on('message', (message: ToServer) => {
    void (async () => {
      if (message.kind === 'cpu') {
        const { user, system } = process.cpuUsage();
        send({ kind: 'cpu', userMicros: user, systemMicros: system });
      } else if (message.kind === 'profile-start') {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: 200 });
        await session.post('Profiler.start');
        send({ kind: 'done' });
      } else if (message.kind === 'profile-stop') {
        const { profile } = await session.post('Profiler.stop');
        writeFileSync(message.path, JSON.stringify(profile));
        session.disconnect();
        send({ kind: 'done' });
      } else {
        await app.close();
        send({ kind: 'done' });
        process.exit(0);
      }
    })();
  });
  send({ kind: 'ready', port, email, password });
}

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

/** Questions and answers with the child, one at a time. */
function channel(child: ChildProcess) {
  const waiting: ((message: FromServer) => void)[] = [];
  child.on('message', (message: FromServer) => waiting.shift()?.(message));
  const next = () => new Promise<FromServer>((resolve) => waiting.push(resolve));
  return {
    next,
    ask: async (message: ToServer) => {
      const answer = next();
      child.send(message);
      return answer;
    },
  };
}

type Server = { tree: string; ask: (message: ToServer) => Promise<FromServer>; child: ChildProcess; port: number; cookie: string; holders: string[]; agent: http.Agent; backends: (() => Promise<number[]>) | null; databaseName: string };

/**
 * One server per tree (DEPOSIT_CPU_TREES, comma-separated checkouts; this one by default), all up
 * at once; each round posts COUNT deposits to each in turn, so a machine that gets busier or
 * quieter meanwhile weighs on every tree alike.
 */
async function measure() {
  const serverUrl = process.env.DATABASE_URL;
  const here = fileURLToPath(new URL('../../../..', import.meta.url));
  const trees = (process.env.DEPOSIT_CPU_TREES ?? here).split(',').map((tree) => tree.trim()).filter(Boolean);
  const servers: Server[] = [];
  const dataDirs: string[] = [];
  try {
    for (const [index, tree] of trees.entries()) servers.push(await startServer(tree, index, serverUrl, dataDirs));
    for (const server of servers) await postDeposits(server.agent, `http://127.0.0.1:${server.port}`, server.cookie, server.holders, COUNT); // warm-up
    // As bench:savings does (scratch-database.ts); DEPOSIT_CPU_ANALYZE=0 leaves the plans made on empty tables.
    if (serverUrl && process.env.DEPOSIT_CPU_ANALYZE !== '0') for (const server of servers) await analyzeDatabase(withDatabase(serverUrl, server.databaseName));
    // A database change to try before writing its migration, e.g. ALTER FUNCTION … SET …: run on each database after the warm-up.
    const trial = process.env.DEPOSIT_CPU_SQL;
    if (serverUrl && trial) for (const server of servers) await onServer(withDatabase(serverUrl, server.databaseName), trial);
    const rounds = new Map<Server, { server: number; database: number | null; seconds: number }[]>(servers.map((server) => [server, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const server of servers) {
        const profiling = PROFILE_DIR && round === ROUNDS - 1;
        if (profiling) await server.ask({ kind: 'profile-start' });
        const before = await server.ask({ kind: 'cpu' });
        const databaseBefore = server.backends ? backendTicks(await server.backends()) : null;
        const started = performance.now();
        await postDeposits(server.agent, `http://127.0.0.1:${server.port}`, server.cookie, server.holders, COUNT);
        const seconds = (performance.now() - started) / 1000;
        const after = await server.ask({ kind: 'cpu' });
        const databaseAfter = server.backends ? backendTicks(await server.backends()) : null;
        if (profiling) await server.ask({ kind: 'profile-stop', path: join(PROFILE_DIR, `deposit-${servers.indexOf(server)}-${Date.now().toString(36)}.cpuprofile`) });
        if (before.kind !== 'cpu' || after.kind !== 'cpu') throw new Error('no CPU figure from the server');
        const serverMicros = after.userMicros + after.systemMicros - before.userMicros - before.systemMicros;
        const databaseMicros = databaseBefore && databaseAfter ? ticksBetween(databaseBefore, databaseAfter) * (1_000_000 / CLOCK_TICKS_PER_SECOND) : null;
        rounds.get(server)?.push({ server: serverMicros / COUNT, database: databaseMicros === null ? null : databaseMicros / COUNT, seconds });
      }
    }
    for (const server of servers) {
      const figures = rounds.get(server) ?? [];
      console.log(
        JSON.stringify({
          bench: 'deposit-cpu',
          tree: server.tree,
          database: serverUrl ? 'postgres' : 'pglite',
          deposits: COUNT,
          clients: CLIENTS,
          rounds: ROUNDS,
          serverMicrosPerDeposit: Math.round(median(figures.map((round) => round.server))),
          databaseMicrosPerDeposit: serverUrl ? Math.round(median(figures.map((round) => round.database ?? Number.NaN))) : null,
          serverByRound: figures.map((round) => Math.round(round.server)),
          databaseByRound: serverUrl ? figures.map((round) => Math.round(round.database ?? Number.NaN)) : null,
          depositsPerSecondByRound: figures.map((round) => Math.round(COUNT / round.seconds)),
        }),
      );
    }
  } finally {
    for (const server of servers) {
      server.agent.destroy();
      await server.ask({ kind: 'stop' }).catch(() => {});
      server.child.kill();
      if (serverUrl && process.env.DEPOSIT_CPU_KEEP_DATABASE) console.log(`kept database ${server.databaseName}`);
      else if (serverUrl) await onServer(serverUrl, `DROP DATABASE IF EXISTS ${server.databaseName} WITH (FORCE)`);
    }
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A server from `tree`'s own copy of this file, signed in, with CLIENTS staff to deposit for. */
async function startServer(tree: string, index: number, serverUrl: string | undefined, dataDirs: string[]): Promise<Server> {
  const databaseName = `kobo_bench_cpu_${Date.now().toString(36)}_${index}`;
  const databaseUrl = serverUrl ? withDatabase(serverUrl, databaseName) : undefined;
  if (serverUrl) await onServer(serverUrl, `CREATE DATABASE ${databaseName}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-cpu-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  const child = fork(join(tree, 'apps/api/src/bench/deposit-cpu.bench.ts'), ['--serve'], {
    cwd: tree,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DEPOSIT_CPU_PORT: String(port), DEPOSIT_CPU_DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  });
  const talk = channel(child);
  const ready = await talk.next();
  if (ready.kind !== 'ready') throw new Error(`the server of ${tree} did not start`);
  const baseUrl = `http://127.0.0.1:${port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const cookie = await signIn(agent, baseUrl, ready.email, ready.password);
  const holders: string[] = [];
  for (let client = 0; client < CLIENTS; client++) holders.push(await createStaff(agent, baseUrl, cookie, client));
  const backends = serverUrl ? await backendPids(serverUrl, databaseName) : null;
  return { tree, ask: talk.ask, child, port, cookie, holders, agent, backends, databaseName };
}

function request(agent: http.Agent, baseUrl: string, path: string, body: string, cookie?: string): Promise<{ status: number; body: string; cookies: string[] }> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(cookie ? { cookie } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), cookies: response.headers['set-cookie'] ?? [] }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function signIn(agent: http.Agent, baseUrl: string, email: string, password: string): Promise<string> {
  const answer = await request(agent, baseUrl, '/api/auth/sign-in', JSON.stringify({ email, password }));
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.body}`);
  return answer.cookies.map((line) => line.split(';')[0]).join('; ');
}

async function createStaff(agent: http.Agent, baseUrl: string, cookie: string, index: number): Promise<string> {
  const body = JSON.stringify({ email: `cpu.staff.${Date.now().toString(36)}.${index}@kobo.test`, password: 'secret1', name: `CPU Staff ${index}` });
  const answer = await request(agent, baseUrl, '/api/savings/staff', body, cookie);
  if (answer.status !== 201) throw new Error(`create staff failed: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { staff: { userId: string } }).staff.userId;
}

/** `count` ₦1 deposits, CLIENTS at a time, each client on its own holder's account. */
async function postDeposits(agent: http.Agent, baseUrl: string, cookie: string, holders: string[], count: number) {
  let left = count;
  await Promise.all(
    holders.map(async (userId) => {
      const body = JSON.stringify({ userId, type: 'deposit', amount: '1.00' });
      while (left > 0) {
        left -= 1;
        const answer = await request(agent, baseUrl, '/api/savings/transactions', body, cookie);
        if (answer.status !== 201) throw new Error(`deposit failed: ${answer.status} ${answer.body}`);
      }
    }),
  );
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The pids of the backends connected to the bench's database, read afresh each time (the pool may open more). */
async function backendPids(serverUrl: string, databaseName: string): Promise<() => Promise<number[]>> {
  return async () => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [databaseName]);
      return rows.map((row) => row.pid);
    } finally {
      await client.end();
    }
  };
}

/** utime + stime of each backend, in clock ticks (fields 14 and 15 of /proc/<pid>/stat). */
function backendTicks(pids: number[]): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The backend ended between the query and the read.
    }
  }
  return ticks;
}

function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ticks] of after) total += ticks - (before.get(pid) ?? 0);
  return total;
}
