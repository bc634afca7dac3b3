/**
 * `npm run bench:books` (issue 27): the books' reports over a large journal on PostgreSQL
 * (DATABASE_URL; a scratch database of that server, dropped afterwards).
 *
 * Seeds BENCH_EXPENSES expenses (default 1,000,000 over two years, journaled by the posting rules as
 * they are inserted: two lines each) and tops the journal up to BENCH_LINES lines (default
 * 10,000,000) with two-line scheme entries between accounts without a sub-ledger (interest, fees,
 * bank charges, share capital), written set-based by generate_series with the triggers set aside
 * and their day balances built afterwards in one aggregate. The books must then pass
 * ledger_problems()' entry-balance and day-balance checks, or the run stops.
 *
 * Times (median of BENCH_ITERATIONS, default 15) the books' own reads (modules/books): the trial
 * balance at today, the income and expenditure account for the last year and the balance sheet at
 * today, each on both books (the slower is reported), and the expense dashboard for the year as
 * an admin sees it (getDashboard, which reads expense_day_totals). Prints the
 * ledger check's findings on the bench data and one JSON line. Not a test: it prints figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, calendarDate, type Book } from '@kobo/core';
import { buildApp } from '../app.ts';
import { toPublicUser } from '../auth/public-user.ts';
import { readEnv } from '../config/env.ts';
import { queryRows, type Database } from '../db/client.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import { readBalanceSheet } from '../modules/books/read-balance-sheet.ts';
import { readIncomeStatement } from '../modules/books/read-income-statement.ts';
import { readTrialBalance } from '../modules/books/read-trial-balance.ts';
import { getDashboard } from '../modules/dashboard/get-dashboard.ts';
import { findBookProblems } from '../modules/ledger/book-problems.ts';
import { BENCH_DAYS, seedExpenses } from './seed-expenses.ts';
import { createScratchDatabase } from './scratch-database.ts';

const LINES = Number(process.env.BENCH_LINES ?? 10_000_000);
const EXPENSES = Number(process.env.BENCH_EXPENSES ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 15);
const ENTRIES_PER_STATEMENT = 500_000;
const TIME_ZONE = 'Africa/Lagos';

function log(line: string) {
  console.log(line);
}

/**
 * Scheme entries between accounts that need no member or loan: entry n debits the first account
 * and credits the second, by 100 + (n × 7,919 mod 5,000,000) kobo, dated n mod 730 days after the
 * first day.
 */
const SCHEME_PAIRS = [
  ['scheme.bank', 'scheme.interest_income'],
  ['scheme.bank_charges', 'scheme.bank'],
  ['scheme.cash', 'scheme.share_capital'],
  ['scheme.bank', 'scheme.fee_income'],
] as const;

async function seedSchemeEntries(db: Database, entries: number, firstDay: string) {
  const pairs = sql.raw(
    `(values ${SCHEME_PAIRS.map(([debit, credit], index) => `(${index}, '${debit}', '${credit}')`).join(', ')})`,
  );
  // The triggers (balance and book checks, day balances, locked months, foreign keys) are set aside
  // for this one transaction's bulk insert only; the entries balance by construction, and the day
  // balances are built below from the lines themselves and checked by ledger_problems().
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (let start = 0; start < entries; start += ENTRIES_PER_STATEMENT) {
      const end = Math.min(entries, start + ENTRIES_PER_STATEMENT) - 1;
      await tx.execute(sql`
        with pairs as (
          select p.n, d.id as debit, c.id as credit
          from ${pairs} as p(n, debit_key, credit_key)
          join ledger_accounts d on d.system_key = p.debit_key
          join ledger_accounts c on c.system_key = p.credit_key
        ),
        entries as (
          insert into journal_entries (book, value_date, source_type, narration, created_at)
          select 'scheme', ${firstDay}::date + (g % ${BENCH_DAYS})::int, 'manual', 'Bench entry ' || g, now()
          from generate_series(${start}::bigint, ${end}::bigint) g
          returning id, seq, value_date
        )
        insert into journal_lines (entry_id, line_no, account_id, subledger_id, amount_kobo, value_date)
        select e.id, l.line_no, l.account_id, null, l.amount, e.value_date
        from entries e
        join pairs p on p.n = e.seq % ${SCHEME_PAIRS.length}
        cross join lateral (values (1, p.debit, 100 + (e.seq * 7919) % 5000000),
                                   (2, p.credit, -(100 + (e.seq * 7919) % 5000000))) as l(line_no, account_id, amount)`);
      log(`  scheme entries ${end + 1} / ${entries}`);
    }
    await tx.execute(sql`set local session_replication_role = origin`);
    await tx.execute(sql`
    insert into ledger_day_balances as b (account_id, day, slot, net_kobo)
    select l.account_id, l.value_date, 0, sum(l.amount_kobo)
    from journal_entries e join journal_lines l on l.entry_id = e.id
    where e.source_type = 'manual' and e.narration like 'Bench entry %'
    group by l.account_id, l.value_date
    on conflict (account_id, day, slot) do update set net_kobo = b.net_kobo + excluded.net_kobo`);
  });
  await db.execute(sql`analyze`);
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function medianMs(run: () => Promise<unknown>): Promise<number> {
  for (let warmup = 0; warmup < 2; warmup++) await run();
  const times: number[] = [];
  for (let index = 0; index < ITERATIONS; index++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return Math.round(median(times) * 10) / 10;
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('bench:books runs on PostgreSQL: set DATABASE_URL');
  const scratch = await createScratchDatabase(serverUrl, 'kobo_bench_books');
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-bench-books-'));
  const env = readEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: scratch.url,
    APP_TIMEZONE: TIME_ZONE,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(dataDir, 'no-web'),
  });
  const app = await buildApp({ env, logger: false, backgroundJobs: false });
  try {
    const { db } = app.kobo.database;
    const admin = await createAccount(db, { name: 'Bench Admin', email: `bench.admin.${Date.now()}@kobo.test`, password: 'bench-password', role: 'admin' });
    const now = new Date();
    const today = calendarDate(now, TIME_ZONE);
    const firstDay = addDays(today, -(BENCH_DAYS - 1));
    const seedStart = performance.now();
    log(`Seeding ${EXPENSES.toLocaleString('en-NG')} expenses (journaled as they are inserted)`);
    await seedExpenses(db, { rows: EXPENSES, today, adminId: admin.id, log });
    const expenseLines = await countLines(db);
    const schemeEntries = Math.max(0, Math.ceil((LINES - expenseLines) / 2));
    log(`Seeding ${schemeEntries.toLocaleString('en-NG')} scheme entries`);
    await seedSchemeEntries(db, schemeEntries, firstDay);
    const lines = await countLines(db);
    log(`seeded ${lines.toLocaleString('en-NG')} journal lines in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const checkStart = performance.now();
    const problems = await findBookProblems(db);
    log(`ledger check (findBookProblems) in ${((performance.now() - checkStart) / 1000).toFixed(1)} s: ${problems.length === 0 ? 'no problems' : JSON.stringify(problems.slice(0, 10))}`);
    if (problems.length > 0) throw new Error('the bench books do not pass the ledger check');

    const yearAgo = addDays(today, -364);
    const actor = toPublicUser(admin);
    const deps = { db, now: () => now, timeZone: TIME_ZONE };
    // Each report on each book; the figure is the slower book's median.
    const slower = async (read: (book: Book) => Promise<unknown>) => Math.max(await medianMs(() => read('scheme')), await medianMs(() => read('organisation')));
    const figures = {
      trialBalanceMs: await slower((book) => readTrialBalance(deps, { book, asOf: today })),
      incomeStatementMs: await slower((book) => readIncomeStatement(deps, { book, from: yearAgo, to: today })),
      balanceSheetMs: await slower((book) => readBalanceSheet(deps, { book, asOf: today })),
      dashboardYearMs: await medianMs(() => getDashboard(deps, actor, 'year')),
    };
    console.log(JSON.stringify({ bench: 'books', database: 'postgres', lines, expenses: EXPENSES, iterations: ITERATIONS, ...figures, problems: problems.length }));
  } finally {
    await app.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function countLines(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from journal_lines`);
  return Number(row?.n ?? 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
