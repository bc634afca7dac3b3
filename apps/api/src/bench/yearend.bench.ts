/**
 * npm run bench:yearend (issue 31, "Speed"): 10,000 members with a year of postings (about 250,000
 * savings rows, value dates spread over the year: ordinary savings and shares every month, a
 * December withdrawal) and an active loan each, on PostgreSQL (DATABASE_URL, a scratch database of
 * that server). The year is last calendar year, so it is over and every value date is past. Through
 * the HTTP API as an admin:
 *  - previewSeconds: every member's line worked out (interest on the average daily balance by value
 *    date, the dividend prorated by whole months held);
 *  - postSeconds: the approved run posted (one batch, one entry, a mail per member);
 *  - packSeconds: the AGM pack's JSON (the workbook is timed beside it, packXlsxSeconds).
 * Targets: preview < 2 s, post < 1 s, pack < 3 s. The machine is shared, so the line carries the
 * load average before and after. Prints one JSON line:
 * {"bench":"yearend","database":"postgres","members":…,"postings":…,"previewSeconds":…,"postSeconds":…,"packSeconds":…, …}.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { calendarDate, ORDINARY_SAVINGS_PRODUCT_ID, type IsoDate, type YearEndAppropriation, type YearEndPack, type YearEndPreview, type YearEndRunInput, type YearEndSurplus } from '@kobo/core';
import { buildApp, type KoboApp } from '../app.ts';
import { queryRows } from '../db/client.ts';
import { readEnv } from '../config/env.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import { findLedgerDrift } from '../modules/ledger/ledger-drift.ts';
import { timePackParts, timePreviewParts } from './yearend-parts.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { seedLoans } from './seed-loans.ts';
import { seedProducts } from './seed-products.ts';
import { seedYearOfPostings } from './seed-year.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);

const round = (value: number) => Math.round(value * 1000) / 1000;
const load = () => loadavg().map((value) => Math.round(value * 100) / 100);

async function run(serverUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-bench-yearend-'));
  const scratch = await createScratchDatabase(serverUrl, 'kobo_bench_yearend');
  let app: KoboApp | null = null;
  try {
    const env = readEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent', WEB_DIST_DIR: join(dataDir, 'no-web') });
    app = await buildApp({ env, logger: false, backgroundJobs: false });
    const db = app.kobo.database.db;
    const password = 'bench-password';
    const email = `bench.admin.${Date.now()}@kobo.test`;
    const admin = await createAccount(db, { name: 'Bench Admin', email, password, role: 'admin' });
    const today = calendarDate(new Date(), env.APP_TIMEZONE) as IsoDate;
    const year = Number(today.slice(0, 4)) - 1;

    const seedStarted = performance.now();
    await db.execute(sql`insert into app_settings (key, value) values ('savings.books_start', ${`${year - 1}-01-01`}) on conflict (key) do update set value = excluded.value`);
    await seedLoans(db, { count: MEMBERS, today, admin: { id: admin.id, email }, log: () => {} });
    const products = await seedProducts(db);
    const postings = await seedYearOfPostings(db, { year, sharesProductId: products.shares, admin: { id: admin.id, email } });
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
      const buffer = Buffer.from(await response.arrayBuffer());
      if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${buffer.toString('utf8').slice(0, 300)}`);
      const seconds = (performance.now() - started) / 1000;
      const isJson = (response.headers.get('content-type') ?? '').includes('json');
      return { seconds, answer: (isJson ? JSON.parse(buffer.toString('utf8')) : null) as Answer, bytes: buffer.length };
    };

    // The year's income, so there is a surplus to share: one manual entry through the books.
    const keyed = async (key: string) => (await queryRows<{ id: string }>(db, sql`select id from ledger_accounts where system_key = ${key}`))[0]?.id;
    await call('POST', '/api/books/entries', 201, {
      book: 'scheme',
      valueDate: `${year}-06-30`,
      narration: 'Interest on loans for the year',
      lines: [
        { accountId: await keyed('scheme.bank'), debit: '20,000,000' },
        { accountId: await keyed('scheme.interest_income'), credit: '20,000,000' },
      ],
    });
    const surplus = (await call<YearEndSurplus>('GET', `/api/year-end/surplus?year=${year}`, 200)).answer;
    const proposal = {
      year,
      reserveKobo: Math.ceil(surplus.surplusKobo / 4),
      dividend: { rateBp: 1000, method: 'prorated_months' },
      interest: [{ productId: ORDINARY_SAVINGS_PRODUCT_ID, rateBp: 200, method: 'average_daily' }],
      educationFundKobo: 0,
      welfareFundKobo: 0,
    };
    const created = await call<YearEndAppropriation & { id: string }>('POST', '/api/year-end/runs', 201, proposal);
    const loadBefore = load();
    const previewed = await call<YearEndPreview>('GET', `/api/year-end/runs/${created.answer.id}/preview`, 200);
    const deps = { db, now: () => new Date(), timeZone: env.APP_TIMEZONE };
    // What the preview's time is made of, read in process after the timed call (warm caches).
    const previewParts = await timePreviewParts(deps, proposal as YearEndRunInput);
    const approved = await call('POST', `/api/year-end/runs/${created.answer.id}/approve`, 200);
    const posted = await call('POST', `/api/year-end/runs/${created.answer.id}/post`, 201);
    const packed = await call<YearEndPack>('GET', `/api/year-end/pack?year=${year}`, 200);
    const packXlsx = await call('GET', `/api/year-end/pack.xlsx?year=${year}`, 200);
    const loadAfter = load();
    // What each part of the pack costs, read in process (not through HTTP), to say what dominates.
    const packParts = await timePackParts(deps, year);

    const preview = previewed.answer;
    if (packed.answer.schedule.length !== preview.lines.length) throw new Error(`the pack lists ${packed.answer.schedule.length} lines, the preview ${preview.lines.length}`);
    if (packed.answer.appropriation?.source !== 'posted') throw new Error('the pack does not read the posted run');
    const drift = await findLedgerDrift(db);
    if (drift.length > 0) throw new Error(`ledger drift after the run: ${JSON.stringify(drift.slice(0, 3))}`);
    return {
      bench: 'yearend',
      database: 'postgres',
      members: MEMBERS,
      postings,
      previewSeconds: round(previewed.seconds),
      postSeconds: round(posted.seconds),
      packSeconds: round(packed.seconds),
      approveSeconds: round(approved.seconds),
      packXlsxSeconds: round(packXlsx.seconds),
      lines: preview.lines.length,
      previewKb: Math.round(previewed.bytes / 1024),
      packKb: Math.round(packed.bytes / 1024),
      packXlsxKb: Math.round(packXlsx.bytes / 1024),
      previewParts,
      packParts,
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
if (!serverUrl) throw new Error('bench:yearend runs on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
const line = await run(serverUrl);
console.log(`preview ${line.previewSeconds.toFixed(3)} s; post ${line.postSeconds.toFixed(3)} s (approve ${line.approveSeconds}); pack ${line.packSeconds.toFixed(3)} s (.xlsx ${line.packXlsxSeconds}); load ${line.loadBefore.join(' ')} → ${line.loadAfter.join(' ')}`);
console.log(JSON.stringify(line));
