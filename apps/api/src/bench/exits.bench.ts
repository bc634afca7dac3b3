/**
 * npm run bench:exits (issue 32, "Speed and safety"): a redundancy. 500 members (BENCH_MEMBERS),
 * each with three products (ordinary savings, shares, Christmas savings) and an active loan, give
 * notice at once with no notice period; on PostgreSQL (DATABASE_URL, a scratch database of that
 * server), through the HTTP API as an admin:
 *  - previewSeconds: POST /api/exits/batch/preview, every member's statement on today;
 *  - settleSeconds: POST /api/exits/batch/settle, every one settled in one transaction, one entry each
 *    (approved first directly in the database with the previewed statements, a shortfall paid in by the member).
 * Targets: preview < 2 s, settle < 2 s. Prints one JSON line:
 * {"bench":"exits","database":"postgres","members":500,"previewSeconds":…,"settleSeconds":…}.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { calendarDate, type ExitBatchPreview, type ExitBatchSettled, type IsoDate } from '@kobo/core';
import { buildApp, type KoboApp } from '../app.ts';
import { queryRows } from '../db/client.ts';
import { readEnv } from '../config/env.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import { findBookProblems } from '../modules/ledger/book-problems.ts';
import { findLedgerDrift } from '../modules/ledger/ledger-drift.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { seedLoans } from './seed-loans.ts';
import { seedProducts } from './seed-products.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 500);

const round = (value: number) => Math.round(value * 1000) / 1000;
const load = () => loadavg().map((value) => Math.round(value * 100) / 100);

async function run(serverUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-bench-exits-'));
  const scratch = await createScratchDatabase(serverUrl, 'kobo_bench_exits');
  let app: KoboApp | null = null;
  try {
    const env = readEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent', WEB_DIST_DIR: join(dataDir, 'no-web') });
    app = await buildApp({ env, logger: false, backgroundJobs: false });
    const db = app.kobo.database.db;
    const password = 'bench-password';
    const email = `bench.admin.${Date.now()}@kobo.test`;
    const admin = await createAccount(db, { name: 'Bench Admin', email, password, role: 'admin' });
    const today = calendarDate(new Date(), env.APP_TIMEZONE) as IsoDate;

    const seedStarted = performance.now();
    await seedLoans(db, { count: MEMBERS, today, admin: { id: admin.id, email }, log: () => {} });
    const products = await seedProducts(db);
    // Shares ₦25,000 and Christmas savings ₦18,000 for each member, each deposit on the ledger (no drift).
    for (const [productId, kobo] of [
      [products.shares, 2_500_000],
      [products.christmas, 1_800_000],
    ] as const) {
      await db.execute(sql`
        with opened as (
          insert into savings_accounts (user_id, holder_name, staff_id, product_id, balance_kobo)
          select u.id, u.name, u.staff_id, ${productId}::uuid, ${kobo} from users u where u.id like 'bench-%'
          returning id
        )
        insert into savings_transactions (account_id, type, amount_kobo, description, created_by_id, created_by_email, processed_by_email, value_date)
        select id, 'deposit', ${kobo}, 'Opening balance', ${admin.id}, ${email}, ${email}, ${today}::date - 30 from opened`);
    }
    await db.execute(sql`insert into app_settings (key, value) values ('exits.notice_days', '0') on conflict (key) do update set value = excluded.value`);
    const exits = await queryRows<{ id: string }>(
      db,
      sql`insert into member_exits (user_id, holder_name, staff_id, reason, notice_date, leaving_date, earliest_settlement_date, given_by_id, given_by_name)
          select u.id, u.name, u.staff_id, 'retirement', ${today}::date, ${today}::date, ${today}::date, ${admin.id}, 'Bench Admin' from users u where u.id like 'bench-%'
          returning id::text`,
    );
    await db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const call = async <Answer>(method: string, path: string, expected: number, json?: unknown) => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { cookie, origin: baseUrl, ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: json !== undefined ? JSON.stringify(json) : undefined,
      });
      const text = await response.text();
      if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
      return { seconds: (performance.now() - started) / 1000, answer: JSON.parse(text) as Answer, bytes: text.length };
    };

    const exitIds = exits.map((exit) => exit.id);
    const loadBefore = load();
    const previewed = await call<ExitBatchPreview>('POST', '/api/exits/batch/preview', 200, { exitIds, settlementDate: today });
    // Approved directly with the previewed statements (a shortfall met by the member paying it in, as core words it).
    const approvals = previewed.answer.items.map((item) => {
      const short = item.statement.shortfallKobo > 0;
      const statement = short ? { ...item.statement, shortfallChoice: 'member_pays', memberPaysKobo: item.statement.shortfallKobo } : item.statement;
      return { id: item.exitId, statement, choice: short ? 'member_pays' : null };
    });
    await db.execute(sql`
      update member_exits e set status = 'approved', statement = a.statement, settlement_date = ${today}::date, shortfall_choice = a.choice,
             approved_by_id = 'bench-approver', approved_by_name = 'Bench Approver', approved_at = now()
      from json_to_recordset(${JSON.stringify(approvals)}::json) as a(id uuid, statement jsonb, choice text)
      where e.id = a.id`);
    const settled = await call<ExitBatchSettled>('POST', '/api/exits/batch/settle', 201, { exitIds });
    const loadAfter = load();

    if (settled.answer.settledCount !== MEMBERS) throw new Error(`settled ${settled.answer.settledCount} of ${MEMBERS}`);
    const [entries] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from journal_entries where source_type = 'exit'`);
    const drift = await findLedgerDrift(db);
    if (drift.length > 0) throw new Error(`ledger drift after the settlement: ${JSON.stringify(drift.slice(0, 3))}`);
    const problems = await findBookProblems(db);
    if (problems.length > 0) throw new Error(`book problems after the settlement: ${JSON.stringify(problems.slice(0, 3))}`);
    return {
      bench: 'exits',
      database: 'postgres',
      members: MEMBERS,
      previewSeconds: round(previewed.seconds),
      settleSeconds: round(settled.seconds),
      entries: Number(entries?.n ?? 0),
      shortfalls: approvals.filter((approval) => approval.choice !== null).length,
      payableKobo: settled.answer.payableKobo,
      previewKb: Math.round(previewed.bytes / 1024),
      seedSeconds: round(seedSeconds),
      loadBefore,
      loadAfter,
    };
  } finally {
    await app?.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('bench:exits runs on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
const line = await run(serverUrl);
console.log(`preview ${line.previewSeconds.toFixed(3)} s; settle ${line.settleSeconds.toFixed(3)} s; load ${line.loadBefore.join(' ')} → ${line.loadAfter.join(' ')}`);
console.log(JSON.stringify(line));
