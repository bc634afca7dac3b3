/**
 * npm run bench:payroll (issue 30): 10,000 members, each with three savings products (ordinary
 * ₦5,000, Christmas ₦2,000, shares ₦1,000 a month) and an active loan, on PostgreSQL (DATABASE_URL,
 * a scratch database of that server). Through the HTTP API as an admin:
 *  - adviceSeconds: the month's advice prepared, issued and downloaded in the generic layout (.xlsx);
 *  - matchSeconds: payroll's remittance file (a saved wide CSV layout) uploaded and matched, with 5%
 *    of members short, 1% missing and 1% unexpected lines (staff IDs nobody has);
 *  - postSeconds: the remittance posted (the month's batch, arrears, over-deductions held).
 * Targets: advice < 1 s, match < 1 s, post < 1.5 s. Checks the outcome counts and the ledger for
 * drift afterwards, and prints one JSON line:
 * {"bench":"payroll","members":…,"adviceSeconds":…,"matchSeconds":…,"postSeconds":…, …the steps}.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { calendarDate, contributionKey, koboToNairaString, ORDINARY_SAVINGS_PRODUCT_ID, type AdviceDetail, type IsoDate, type RemittanceMatch, type UploadedRemittance } from '@kobo/core';
import { buildApp, type KoboApp } from '../app.ts';
import { readEnv } from '../config/env.ts';
import { createAccount } from '../modules/auth/create-account.ts';
import { findLedgerDrift } from '../modules/ledger/ledger-drift.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { seedLoans } from './seed-loans.ts';
import { seedProducts } from './seed-products.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

async function run(serverUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kobo-bench-payroll-'));
  const scratch = await createScratchDatabase(serverUrl, 'kobo_bench_payroll');
  let app: KoboApp | null = null;
  try {
    const env = readEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent', WEB_DIST_DIR: join(dataDir, 'no-web') });
    app = await buildApp({ env, logger: false, backgroundJobs: false });
    const db = app.kobo.database.db;
    const password = 'bench-password';
    const email = `bench.admin.${Date.now()}@kobo.test`;
    const admin = await createAccount(db, { name: 'Bench Admin', email, password, role: 'admin' });
    const today = calendarDate(new Date(), env.APP_TIMEZONE) as IsoDate;
    await seedLoans(db, { count: MEMBERS, today, admin: { id: admin.id, email }, log: () => {} });
    const products = await seedProducts(db);
    await db.execute(sql`insert into app_settings (key, value) values ('savings.books_start', '2025-01-01') on conflict (key) do update set value = excluded.value`);
    await db.execute(sql`
      insert into standing_contributions (user_id, product_id, amount_kobo, updated_by_id)
      select u.id, p.product_id::uuid, p.amount_kobo, ${admin.id}
      from users u cross join (values (${ORDINARY_SAVINGS_PRODUCT_ID}, 500000), (${products.christmas}, 200000), (${products.shares}, 100000)) as p(product_id, amount_kobo)
      where u.id like 'bench-%'`);
    await db.execute(sql`analyze`);

    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const call = async (method: string, path: string, expected: number, body?: { json?: unknown; bytes?: string; type?: string }) => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          cookie,
          origin: baseUrl,
          ...(body ? { 'content-type': body.type ?? 'application/json' } : {}),
          ...(body?.bytes !== undefined ? { 'x-file-name': 'remittance.csv' } : {}),
        },
        body: body?.json !== undefined ? JSON.stringify(body.json) : body?.bytes,
      });
      const buffer = Buffer.from(await response.arrayBuffer());
      if (response.status !== expected) throw new Error(`${method} ${path}: ${response.status} ${buffer.toString('utf8').slice(0, 300)}`);
      const seconds = (performance.now() - started) / 1000;
      const isJson = (response.headers.get('content-type') ?? '').includes('json');
      return { seconds, answer: (isJson ? JSON.parse(buffer.toString('utf8')) : null) as unknown, bytes: buffer.length };
    };

    const month = today.slice(0, 7);
    const prepared = await call('POST', '/api/payroll/advices', 201, { json: { month } });
    const issued = await call('POST', `/api/payroll/advices/${month}/issue`, 200);
    const downloaded = await call('GET', `/api/payroll/advices/${month}/download?layout=generic`, 200);
    const advice = prepared.answer as AdviceDetail;

    // Payroll's own file: a saved wide CSV layout, one column per deduction.
    const keys = advice.deductions.map((deduction) => deduction.key);
    const layout = (
      await call('POST', '/api/payroll/layouts', 201, {
        json: {
          name: 'Bench payroll',
          shape: 'wide',
          format: 'csv',
          dateFormat: 'YYYY-MM',
          numberFormat: 'naira',
          columns: [{ field: 'staff_id', header: 'Staff No' }, { field: 'name', header: 'Name' }, ...advice.deductions.map((deduction) => ({ field: 'deduction', header: deduction.label, keys: [deduction.key] })), { field: 'total', header: 'Total' }],
          codes: [],
        },
      })
    ).answer as { id: string };
    const ordinary = contributionKey(ORDINARY_SAVINGS_PRODUCT_ID);
    const csv = [['Staff No', 'Name', ...advice.deductions.map((deduction) => deduction.label), 'Total'].join(',')];
    let expectShort = 0;
    let expectMissing = 0;
    advice.lines.forEach((line, index) => {
      if (index % 100 === 7) {
        expectMissing += 1;
        return;
      }
      // 5%: payroll's take-home cap halves the ordinary contribution.
      const short = index % 20 === 3;
      if (short) expectShort += 1;
      const amounts = keys.map((key) => {
        const kobo = line.deductions[key] ?? 0;
        return key === ordinary && short ? Math.floor(kobo / 2) : kobo;
      });
      csv.push([line.staffId, `"${line.name}"`, ...amounts.map(koboToNairaString), koboToNairaString(amounts.reduce((sum, kobo) => sum + kobo, 0))].join(','));
    });
    const unexpected = Math.floor(advice.lines.length / 100);
    for (let index = 0; index < unexpected; index += 1) csv.push([`NEW${String(index).padStart(5, '0')}`, `"New Hire ${index}"`, ...keys.map((key) => (key === ordinary ? '3000.00' : '0')), '3000.00'].join(','));

    const uploaded = await call('POST', `/api/payroll/advices/${month}/remittance/file?layout=${layout.id}`, 200, { bytes: csv.join('\n'), type: 'text/csv' });
    const lines = (uploaded.answer as UploadedRemittance).lines;
    const draft = { lines, source: 'file', fileName: 'remittance.csv', fileHash: (uploaded.answer as UploadedRemittance).fileHash };
    const matched = await call('POST', `/api/payroll/advices/${month}/remittance/match`, 200, { json: draft });
    const match = matched.answer as RemittanceMatch;
    if (match.counts.short !== expectShort || match.counts.not_on_payroll !== expectMissing || match.counts.unexpected !== unexpected || match.refusedCount !== 0) {
      throw new Error(`match counts ${JSON.stringify(match.counts)} (refused ${match.refusedCount}); expected short ${expectShort}, missing ${expectMissing}, unexpected ${unexpected}`);
    }
    const posted = await call('POST', `/api/payroll/advices/${month}/remittance`, 201, { json: { ...draft, bankAmountKobo: match.totals.remittedKobo } });

    const drift = await findLedgerDrift(db);
    if (drift.length > 0) throw new Error(`ledger drift after the run: ${JSON.stringify(drift.slice(0, 3))}`);
    return {
      bench: 'payroll',
      database: 'postgres',
      members: advice.lines.length,
      adviceSeconds: round(prepared.seconds + issued.seconds + downloaded.seconds),
      matchSeconds: round(uploaded.seconds + matched.seconds),
      postSeconds: round(posted.seconds),
      prepareSeconds: round(prepared.seconds),
      issueSeconds: round(issued.seconds),
      downloadSeconds: round(downloaded.seconds),
      uploadSeconds: round(uploaded.seconds),
      adviceFileKb: Math.round(downloaded.bytes / 1024),
      counts: match.counts,
    };
  } finally {
    await app?.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('bench:payroll runs on PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
const line = await run(serverUrl);
console.log(`advice ${line.adviceSeconds.toFixed(3)} s (prepare ${line.prepareSeconds}, issue ${line.issueSeconds}, download ${line.downloadSeconds}); match ${line.matchSeconds.toFixed(3)} s (upload ${line.uploadSeconds}); post ${line.postSeconds.toFixed(3)} s`);
console.log(JSON.stringify(line));
