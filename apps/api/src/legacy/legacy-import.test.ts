import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { rowCounter } from '../test/row-counts.ts';
import { importLegacy, type LegacyImportOptions } from './import-legacy.ts';
import { formatReport } from './legacy-report.ts';
import { readLegacyExport } from './read-legacy-file.ts';

const SAMPLE = readFileSync(fileURLToPath(new URL('./fixtures/sample-legacy-export.json', import.meta.url)), 'utf8');
const options: LegacyImportOptions = { now: new Date('2026-11-24T09:00:00Z'), timeZone: 'Africa/Lagos', appUrl: 'http://kobo.test', dryRun: false };

type Opened = Awaited<ReturnType<typeof openTestDatabase>>;
const opened: Opened[] = [];
async function freshDatabase(): Promise<Database> {
  const database = await openTestDatabase();
  opened.push(database);
  return database.handle.db;
}
afterAll(async () => {
  for (const database of opened) await database.drop();
});

/**
 * One database for the tests that must leave it as they found it (a dry run, a failed import,
 * refused documents): each checks that, so each also starts from an empty one.
 */
let untouched: Database | null = null;
async function untouchedDatabase(): Promise<Database> {
  untouched ??= await freshDatabase();
  return untouched;
}

const one = async <Row>(db: Database, query: ReturnType<typeof sql>) => (await queryRows<Row>(db, query))[0];

/** Every document of the sample that cannot be taken, and why (the sample's generator made them so). */
const SAMPLE_REFUSALS = [
  { collection: 'users', id: 'u-bad-role', reason: 'unknown role "superuser"' },
  { collection: 'expenses', id: 'e-negative', reason: 'amount is negative' },
  { collection: 'expenses', id: 'e-three-decimals', reason: 'amount has more than two decimals' },
  { collection: 'expenses', id: 'e-bad-date', reason: 'date is not a date' },
  { collection: 'savings', id: 't111', reason: 'amount is negative' },
  { collection: 'savings', id: 't112', reason: 'amount has more than two decimals' },
  { collection: 'savings', id: 't113', reason: 'createdAt is not a date' },
  { collection: 'savings', id: 't114', reason: 'Adaeze Okafor is an administrator, and administrators hold no savings' },
  { collection: 'savings', id: 't115', reason: 'userId u-gone is not an imported user' },
  { collection: 'savings', id: 't116', reason: 'unknown type "bonus"' },
  { collection: 'savings', id: 't109', reason: 'transfer_out has no matching transfer_in (same two people, amount and time)' },
  { collection: 'savings', id: 't110', reason: "would overdraw Jide Kosoko's savings (balance then ₦4,200.00)" },
  { collection: 'staff_savings', id: 's-gone', reason: 's-gone is not an imported user' },
];

const SAMPLE_DIFFERENCES = [
  { id: 's03', name: 'Funke Akindele', staffId: 'STF003', recordedKobo: 3_829_921, ledgerKobo: 3_899_921, differenceKobo: -70_000 },
  { id: 's06', name: 'Ifeoma Nwosu', staffId: 'STF006', recordedKobo: 1_200_001, ledgerKobo: 1_200_000, differenceKobo: 1 },
];

describe('importing the sample export', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase();
  });

  it('takes every good document, refuses each bad one with its reason, and lists the balances that differ', async () => {
    const report = await importLegacy(db, readLegacyExport(SAMPLE), options);
    expect(report.imported).toEqual({ users: 10, categories: 8, expenses: 209, savingsTransactions: 108, transferPairs: 4, invitations: 9 });
    expect(report.nothingNew).toBe(false);
    expect(report.refused).toEqual(SAMPLE_REFUSALS);
    expect(report.staffSavingsDifferences).toEqual(SAMPLE_DIFFERENCES);
    expect(report.ignoredCollections).toEqual(['settings']);
    expect(report.notes).toEqual([
      { collection: 'users', id: 's05', note: 'staff ID "S-005" is not STF followed by digits; a new one is given' },
      { collection: 'users', id: 's05', note: 'given staff ID STF007' },
      { collection: 'users', id: 's07', note: 'given staff ID STF008' },
      { collection: 'categories', id: 'c-rocket', note: 'icon "FaRocket" is not one of Kobo\'s; FaQuestion is used' },
      { collection: 'expenses', id: 'e-unknown-category', note: 'category "c-deleted-long-ago" is unknown; filed under Other' },
    ]);
    expect(formatReport(report)).toContain('savings/t110: would overdraw Jide Kosoko');
  });

  it('leaves the people without passwords, invited when active, with their staff IDs', async () => {
    const people = await queryRows<{ email: string; role: string; active: boolean; staff_id: string | null; invited: boolean; has_password: boolean }>(
      db,
      sql`select email, role, active, staff_id,
            exists (select 1 from invitations i where i.user_id = u.id) as invited,
            exists (select 1 from accounts a where a.user_id = u.id) as has_password
          from users u order by email`,
    );
    expect(people).toEqual([
      { email: 'adaeze@oldapp.ng', role: 'admin', active: true, staff_id: null, invited: true, has_password: false },
      { email: 'bola@oldapp.ng', role: 'manager', active: true, staff_id: null, invited: true, has_password: false },
      { email: 'chidi@oldapp.ng', role: 'user', active: true, staff_id: null, invited: true, has_password: false },
      { email: 'dayo@oldapp.ng', role: 'staff', active: true, staff_id: 'STF001', invited: true, has_password: false },
      { email: 'efe@oldapp.ng', role: 'staff', active: true, staff_id: 'STF002', invited: true, has_password: false },
      { email: 'funke@oldapp.ng', role: 'staff', active: true, staff_id: 'STF003', invited: true, has_password: false },
      { email: 'gbenga@oldapp.ng', role: 'staff', active: true, staff_id: 'STF004', invited: true, has_password: false },
      { email: 'halima@oldapp.ng', role: 'staff', active: true, staff_id: 'STF007', invited: true, has_password: false },
      { email: 'ifeoma@oldapp.ng', role: 'staff', active: false, staff_id: 'STF006', invited: false, has_password: false },
      { email: 'jide@oldapp.ng', role: 'staff', active: true, staff_id: 'STF008', invited: true, has_password: false },
    ]);
    expect(await one(db, sql`select count(*)::int as n from mail_outbox where kind = 'user.invitation'`)).toEqual({ n: 9 });
    // The next staff member made in Kobo continues after the highest imported ID.
    expect(await one(db, sql`select last_value::int as n from counters where name = 'staff_id'`)).toEqual({ n: 8 });
  });

  it('derives the savings balances from the imported ledger, transfers paired, and tells no one of old postings', async () => {
    const balances = await queryRows<{ name: string; balance: number }>(
      db,
      sql`select u.name, a.balance_kobo::int as balance from savings_accounts a join users u on u.id = a.user_id order by u.name`,
    );
    expect(balances).toEqual([
      { name: 'Chidi Eze', balance: 1_531_430 },
      { name: 'Dayo Bello', balance: 5_475_050 },
      { name: 'Efe Omoregie', balance: 9_100_575 },
      { name: 'Funke Akindele', balance: 3_899_921 },
      { name: 'Gbenga Daniel', balance: 14_475_025 },
      { name: 'Halima Musa', balance: 3_000_000 },
      { name: 'Ifeoma Nwosu', balance: 1_200_000 },
      { name: 'Jide Kosoko', balance: 5_040_000 },
    ]);
    const ledgerMatchesBalances = await one(
      db,
      sql`select bool_and(a.balance_kobo = (select coalesce(sum(case when t.type in ('deposit', 'transfer_in') then t.amount_kobo else -t.amount_kobo end), 0)
            from savings_transactions t where t.account_id = a.id)) as ok from savings_accounts a`,
    );
    expect(ledgerMatchesBalances).toEqual({ ok: true });
    const transfers = await queryRows<{ from_name: string; to_name: string; amount: number; value_date: string }>(
      db,
      sql`select o.counterparty_name as to_name, i.counterparty_name as from_name, o.amount_kobo::int as amount, o.value_date::text as value_date
          from savings_transactions o join savings_transactions i on i.transfer_id = o.transfer_id and i.type = 'transfer_in'
          where o.type = 'transfer_out' and o.created_at = i.created_at and o.counterparty_account_id = i.account_id order by o.created_at`,
    );
    expect(transfers).toEqual([
      { from_name: 'Dayo Bello', to_name: 'Efe Omoregie', amount: 250_000, value_date: '2024-07-01' },
      { from_name: 'Funke Akindele', to_name: 'Gbenga Daniel', amount: 100_075, value_date: '2024-08-15' },
      { from_name: 'Efe Omoregie', to_name: 'Chidi Eze', amount: 50_000, value_date: '2024-10-10' },
      { from_name: 'Gbenga Daniel', to_name: 'Dayo Bello', amount: 25_050, value_date: '2024-11-11' },
    ]);
    expect(await one(db, sql`select count(*)::int as n from ledger_notices`)).toEqual({ n: 0 });
  });

  it("posts the members' opening savings against Opening balances, not the bank (issue 27)", async () => {
    const books = await queryRows<{ system_key: string; net: string }>(
      db,
      sql`select a.system_key, sum(l.amount_kobo)::text as net
          from journal_lines l join ledger_accounts a on a.id = l.account_id
          where a.book = 'scheme' group by a.system_key order by a.system_key`,
    );
    // Dr Opening balances / Cr Members' savings for the imported total, ₦437,220.01; nothing through Bank.
    expect(books).toEqual([
      { system_key: 'scheme.member_savings', net: '-43722001' },
      { system_key: 'scheme.opening', net: '43722001' },
    ]);
    expect(await one(db, sql`select current_setting('kobo.savings_counter_key', true) as key`)).toMatchObject({ key: expect.not.stringMatching('scheme.opening') });
  });

  it('keeps expense amounts exact, files unknown categories under Other and puts every timestamp form on its Lagos day', async () => {
    expect(await one(db, sql`select count(*)::int as n, sum(amount_kobo)::bigint::text as total from expenses`)).toEqual({ n: 209, total: '48306079' });
    const exact = await queryRows<{ amount: number }>(db, sql`select amount_kobo::int as amount from expenses where spent_on = '2024-05-05' order by amount_kobo`);
    expect(exact.map((row) => row.amount)).toEqual(expect.arrayContaining([30, 1999, 123450]));
    // 23:30 UTC on 10 March, as an ISO string, epoch ms, {_seconds} and {seconds}: 11 March in Lagos.
    expect(await queryRows(db, sql`select spent_on::text as day, count(*)::int as n from expenses where amount_kobo = 10000 group by spent_on`)).toEqual([
      { day: '2024-03-11', n: 4 },
    ]);
    expect(
      await queryRows(db, sql`select c.name, c.color, c.icon, e.amount_kobo::int as amount from expenses e join categories c on c.id = e.category_id where c.name = 'Other'`),
    ).toEqual([{ name: 'Other', color: '#95A5A6', icon: 'FaQuestion', amount: 25000 }]);
    expect(await one(db, sql`select count(*)::int as n from expenses where user_id is null and user_email = 'gone@oldapp.ng'`)).toEqual({ n: 1 });
    expect(await one(db, sql`select icon from categories where name = 'School fees'`)).toEqual({ icon: 'FaGraduationCap' });
  });

  it('imports nothing new the second time, and says so', async () => {
    const counts = await rowCounter(db);
    const before = await counts();
    const report = await importLegacy(db, readLegacyExport(SAMPLE), options);
    expect(report.nothingNew).toBe(true);
    expect(report.imported).toEqual({ users: 0, categories: 0, expenses: 0, savingsTransactions: 0, transferPairs: 0, invitations: 0 });
    expect(report.alreadyImported).toEqual({ users: 10, categories: 7, expenses: 209, savingsTransactions: 108, transferPairs: 4 });
    expect(report.refused).toEqual(SAMPLE_REFUSALS.map((refusal) => (refusal.id === 't110' ? { ...refusal, reason: "would overdraw Jide Kosoko's savings (balance then ₦50,400.00)" } : refusal)));
    expect(report.staffSavingsDifferences).toEqual(SAMPLE_DIFFERENCES);
    expect(formatReport(report)).toContain('Nothing new to import');
    expect(await counts()).toEqual(before);
  });
});

describe('a dry run', () => {
  it('reports what an import would do and writes nothing', async () => {
    const db = await untouchedDatabase();
    const counts = await rowCounter(db);
    const before = await counts();
    const report = await importLegacy(db, readLegacyExport(SAMPLE), { ...options, dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.imported).toEqual({ users: 10, categories: 8, expenses: 209, savingsTransactions: 108, transferPairs: 4, invitations: 9 });
    expect(report.refused).toEqual(SAMPLE_REFUSALS);
    expect(report.staffSavingsDifferences).toEqual(SAMPLE_DIFFERENCES);
    expect(formatReport(report)).toMatch(/^DRY RUN: nothing was written/);
    expect(await counts()).toEqual(before);
  });
});

describe('all or nothing', () => {
  it('leaves nothing behind when the database fails midway (after people, categories and expenses were written)', async () => {
    const db = await untouchedDatabase();
    const counts = await rowCounter(db);
    const before = await counts();
    // A failure the import cannot foresee, in its last step: the savings ledger refuses inserts.
    await db.execute(sql`create function refuse_for_test() returns trigger language plpgsql as $$ begin raise exception 'disk full (test)'; end; $$`);
    await db.execute(sql`create trigger refuse_for_test before insert on savings_transactions for each row execute function refuse_for_test()`);
    const failure: unknown = await importLegacy(db, readLegacyExport(SAMPLE), options).catch((error: unknown) => error);
    expect(String((failure as Error).cause ?? failure)).toContain('disk full (test)');
    await db.execute(sql`drop trigger refuse_for_test on savings_transactions`);
    await db.execute(sql`drop function refuse_for_test()`);
    expect(await counts()).toEqual(before);
  });
});

describe('hostile input', () => {
  it.each([
    ['not JSON', '{"users": [', 'The file is not JSON.'],
    ['an array', '[{"email": "a@b.c"}]', 'The file must hold an object of collections'],
    ['a number', '42', 'The file must hold an object of collections'],
    ['no known collection', '{"people": []}', 'The file holds none of the collections'],
    ['a collection of the wrong shape', '{"users": "everyone"}', 'The collection users must be an array of documents or a map of id to document.'],
    ['an id with a NUL byte', '{"users": {"a\\u0000b": {"email": "a@b.c"}}}', 'not printable'],
    ['an id too long', JSON.stringify({ expenses: { ['x'.repeat(201)]: {} } }), 'longer than 200 characters'],
    ['the same id twice', '{"expenses": [{"id": "e1"}, {"id": "e1"}]}', 'holds the id e1 twice'],
  ])('refuses a file that is %s', (_label, text, message) => {
    expect(() => readLegacyExport(text)).toThrow(message);
  });

  it('refuses documents with NUL bytes, huge strings or the wrong shape, by id and reason, and writes nothing for them', async () => {
    const db = await untouchedDatabase();
    const counts = await rowCounter(db);
    const before = await counts();
    const file = readLegacyExport(
      JSON.stringify({
        users: [
          { id: 'nul', name: 'Bad\u0000Name', email: 'nul@old.ng' },
          { id: 'huge', name: 'x'.repeat(1_000_000), email: 'huge@old.ng' },
          'a string, not a document',
          { id: 'no-email', name: 'No Email' },
          { id: 'bad-email', name: 'Bad', email: 'not-an-email' },
          { id: 'number-name', name: 42, email: 'n@old.ng' },
        ],
        categories: { c1: { name: { nested: true } }, c2: null },
        expenses: [{ id: 'e1', amount: '1e400', date: '2024-01-01' }, { id: 'e2', amount: 5, date: { _seconds: 'soon' } }, { id: 'e3', amount: 5, date: '2024-01-01', description: 'y'.repeat(5000) }],
        savings: [{ id: 't1', userId: 'nul', type: 'deposit', amount: 10, createdAt: '2024-01-01' }],
        staff_savings: { x: { currentBalance: 'lots' } },
      }),
    );
    const report = await importLegacy(db, file, options);
    expect(report.refused).toEqual([
      { collection: 'users', id: 'nul', reason: 'name contains a NUL character' },
      { collection: 'users', id: 'huge', reason: 'name is longer than 100 characters' },
      { collection: 'users', id: '#3', reason: 'not a document' },
      { collection: 'users', id: 'no-email', reason: 'email is missing' },
      { collection: 'users', id: 'bad-email', reason: 'email "not-an-email" is not an email address' },
      { collection: 'users', id: 'number-name', reason: 'name is not text' },
      { collection: 'categories', id: 'c1', reason: 'name is not text' },
      { collection: 'categories', id: 'c2', reason: 'not a document' },
      { collection: 'expenses', id: 'e1', reason: 'amount is not a number' },
      { collection: 'expenses', id: 'e2', reason: 'date is not a date' },
      { collection: 'expenses', id: 'e3', reason: 'description is longer than 1000 characters' },
      { collection: 'savings', id: 't1', reason: 'userId nul is not an imported user' },
      { collection: 'staff_savings', id: 'x', reason: 'x is not an imported user' },
    ]);
    expect(report.nothingNew).toBe(true);
    expect(await counts()).toEqual(before);
  });
});
