/**
 * npm run bench:loans (issue 12): seeds BENCH_LOANS active loans (default 10,000; one in five in
 * arrears) into PGlite in a temporary directory, or into a scratch database on DATABASE_URL's
 * server; starts the real app on a port, signs in over HTTP as an admin, and times the portfolio
 * figures and the arrears list through the API against the same statements run directly
 * (`readLoanPortfolio` and `listArrears` on the database, no HTTP; median, p95, ratio), then posts
 * a monthly run repaying what each loan has due, checks that every repayment was written and that
 * the savings ledger has no drift, and prints a table and one JSON line.
 * Targets on PostgreSQL: portfolio and arrears under 100 ms median, 10,000 repayments posted in under 5 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { amountDue, calendarDate, koboToNairaString, type ArrearsRow, type LoanPortfolio } from '@kobo/core';
import { buildApp } from '../app.ts';
import { readEnv } from '../config/env.ts';
import { queryRows } from '../db/client.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import type { LoanDeps } from '../modules/loans/loan-deps.ts';
import { listArrears, MAX_ARREARS_ROWS, readLoanPortfolio } from '../modules/loans/loan-portfolio.ts';
import { findLedgerDrift } from '../modules/ledger/ledger-drift.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { ARREARS_EVERY, seedLoans } from './seed-loans.ts';
import { benchProvisioning } from './loans-provision-bench.ts';
import { benchPenalties } from './loans-penalty-bench.ts';

const LOANS = Number(process.env.BENCH_LOANS ?? 10_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const READ_TARGET_MS = 100;
const RUN_TARGET_SECONDS = 5;

type Result = { name: string; apiMedianMs: number; apiP95Ms: number; sqlMedianMs: number; ratio: number };

function log(line: string) {
  console.log(line);
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-bench-'));
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'kobo_bench_loans') : null;
  const database = scratch ? 'postgres' : 'pglite';
  const env = readEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
  });
  log(`Kobo loans benchmark: ${LOANS.toLocaleString('en-NG')} active loans on ${scratch ? 'PostgreSQL' : 'PGlite'}`);
  const app = await buildApp({ env, logger: false, backgroundJobs: false });
  try {
    const { db } = app.kobo.database;
    const password = 'bench-password';
    const email = `bench.admin.${Date.now()}@kobo.test`;
    const admin = await createAccount(db, { name: 'Bench Admin', email, password, role: 'admin' });
    const today = calendarDate(new Date(), env.APP_TIMEZONE);
    const seedStart = performance.now();
    const seeded = await seedLoans(db, { count: LOANS, today, admin: { id: admin.id, email }, log });
    log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const cookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const get = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    // The "raw SQL": the same statements the routes run, called on the database without HTTP.
    const deps: LoanDeps = { db, now: () => new Date(), timeZone: env.APP_TIMEZONE, outbox: app.kobo.outbox, appUrl: baseUrl };

    const inArrears = Math.floor(LOANS / ARREARS_EVERY);
    const before = (await get<{ portfolio: LoanPortfolio }>('/api/loans/portfolio')).portfolio;
    if (before.activeCount !== LOANS || before.arrearsCount !== inArrears) {
      throw new Error(`seeded portfolio: ${before.activeCount} active, ${before.arrearsCount} in arrears`);
    }
    const arrears = (await get<{ arrears: ArrearsRow[] }>('/api/loans/arrears')).arrears;
    if (arrears.length !== Math.min(inArrears, MAX_ARREARS_ROWS)) throw new Error(`arrears list: ${arrears.length} rows`);

    const results = [
      await compare('portfolio', () => get('/api/loans/portfolio'), () => readLoanPortfolio(deps)),
      await compare('arrears list', () => get('/api/loans/arrears'), () => listArrears(deps)),
    ];

    // Issue 33, part C: the portfolio-at-risk report and the month-end provision, before the run repays the arrears.
    const provisioning = await benchProvisioning({ baseUrl, cookie, today, loans: LOANS, iterations: ITERATIONS, log });

    // Issue 33, part B: the daily penalty job on the loans in arrears, before the run repays them.
    const penalties = await benchPenalties({ db, baseUrl, cookie, log });

    const run = await postRepayments(baseUrl, cookie, today, seeded);
    await checkRun(deps, run);
    printTable(database, results, run.seconds);
    const [portfolio, arrearsList] = results as [Result, Result];
    console.log(
      JSON.stringify({
        bench: 'loans',
        database,
        loans: LOANS,
        portfolioMedianMs: portfolio.apiMedianMs,
        arrearsMedianMs: arrearsList.apiMedianMs,
        repaymentsSeconds: Math.round(run.seconds * 1000) / 1000,
        parMedianMs: provisioning.parMedianMs,
        provisionSeconds: provisioning.provisionSeconds,
        penaltyJobSeconds: penalties.penaltyJobSeconds,
      }),
    );
  } finally {
    await app.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Run = { batchId: string; rows: number; totalKobo: number; seconds: number };

/** This month's run as payroll sends it: one row per borrower repaying what their loan has due today, no contribution. */
async function postRepayments(baseUrl: string, cookie: string, today: string, seeded: Awaited<ReturnType<typeof seedLoans>>): Promise<Run> {
  const due = seeded.map((loan) => ({ staffId: loan.staffId, kobo: amountDue(loan.position, today) }));
  const body = JSON.stringify({
    month: today.slice(0, 7),
    valueDate: today,
    rows: due.map((row) => ({ ref: row.staffId, amount: '', loanRepayment: koboToNairaString(row.kobo) })),
  });
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/savings/batches`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', origin: baseUrl, 'idempotency-key': `bench-loans-${today}` },
    body,
  });
  const answer = (await response.json()) as { batch?: { id: string; loanRepaymentKobo: number } };
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 201 || !answer.batch) throw new Error(`monthly run: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  const totalKobo = due.reduce((sum, row) => sum + row.kobo, 0);
  if (answer.batch.loanRepaymentKobo !== totalKobo) throw new Error(`monthly run repaid ${answer.batch.loanRepaymentKobo}, expected ${totalKobo}`);
  return { batchId: answer.batch.id, rows: due.length, totalKobo, seconds };
}

/** Every repayment is on the loan ledger and in the instalments, nothing is left in arrears, and the savings ledger has no drift. */
async function checkRun(deps: LoanDeps, run: Run) {
  const [written] = await queryRows<{ entries: number; total: string }>(
    deps.db,
    sql`select count(*)::int as entries, coalesce(sum(amount_kobo), 0)::bigint as total
        from loan_transactions where batch_id = ${run.batchId} and type = 'repayment'`,
  );
  if (written?.entries !== run.rows || Number(written.total) !== run.totalKobo) {
    throw new Error(`repayments written: ${written?.entries} entries, ${written?.total} kobo; expected ${run.rows}, ${run.totalKobo}`);
  }
  const after = await readLoanPortfolio(deps);
  if (after.arrearsCount !== 0) throw new Error(`${after.arrearsCount} loans still in arrears after the run`);
  const drift = await findLedgerDrift(deps.db);
  if (drift.length > 0) throw new Error(`ledger drift after the run: ${JSON.stringify(drift.slice(0, 3))}`);
}

/**
 * Each iteration times the API and then the statements, side by side: the shared 2-core machine's
 * load swings from one minute to the next (as bench:savings found), and the ratio should compare
 * requests that saw the same machine.
 */
async function compare(name: string, api: () => Promise<unknown>, rawSql: () => Promise<unknown>): Promise<Result> {
  for (let warmup = 0; warmup < 2; warmup++) {
    await api();
    await rawSql();
  }
  const apiTimes: number[] = [];
  const sqlTimes: number[] = [];
  for (let index = 0; index < ITERATIONS; index++) {
    apiTimes.push(await timed(api));
    sqlTimes.push(await timed(rawSql));
  }
  const apiMedianMs = percentile(apiTimes, 0.5);
  const sqlMedianMs = percentile(sqlTimes, 0.5);
  return { name, apiMedianMs, apiP95Ms: percentile(apiTimes, 0.95), sqlMedianMs, ratio: round(apiMedianMs / sqlMedianMs) };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

function pad(text: string | number, width: number): string {
  return String(text).padStart(width);
}

function verdict(isMet: boolean): string {
  return isMet ? 'met' : 'MISSED';
}

function printTable(database: string, results: Result[], runSeconds: number) {
  console.log(`\n${database}: ${LOANS.toLocaleString('en-NG')} active loans, ${ITERATIONS} timed requests each`);
  console.log(`${'scenario'.padEnd(24)}${pad('api median', 12)}${pad('api p95', 10)}${pad('sql median', 12)}${pad('ratio', 8)}${pad('target', 10)}`);
  for (const result of results) {
    console.log(
      `${result.name.padEnd(24)}${pad(`${round(result.apiMedianMs)} ms`, 12)}${pad(`${round(result.apiP95Ms)} ms`, 10)}${pad(`${round(result.sqlMedianMs)} ms`, 12)}${pad(`${result.ratio}×`, 8)}${pad(verdict(result.apiMedianMs < READ_TARGET_MS), 10)}`,
    );
  }
  console.log(
    `monthly run: ${LOANS.toLocaleString('en-NG')} repayments posted in ${runSeconds.toFixed(3)} s (target ${RUN_TARGET_SECONDS} s: ${verdict(runSeconds < RUN_TARGET_SECONDS)})\n`,
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
