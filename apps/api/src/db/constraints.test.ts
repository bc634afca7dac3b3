import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { postgresErrorOf } from './errors.ts';
import { queryRows } from './client.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function sqlError(statement: ReturnType<typeof sql>) {
  try {
    await ctx.app.kobo.database.db.execute(statement);
  } catch (error) {
    return postgresErrorOf(error)?.code;
  }
  return 'no error';
}

describe('the schema keeps data valid by itself', () => {
  it('refuses invalid users', async () => {
    expect(await sqlError(sql`insert into users (id, name, email, role) values ('u1', 'A', 'a@b.c', 'owner')`)).toBe('23514');
    expect(await sqlError(sql`insert into users (id, name, email) values ('u2', '  ', 'a@b.c')`)).toBe('23514');
    expect(await sqlError(sql`insert into users (id, name, email) values ('u3', 'A', 'Upper@b.c')`)).toBe('23514');
    expect(await sqlError(sql`insert into users (id, name, email, role) values ('u4', 'A', 'a4@b.c', 'staff')`)).toBe('23514');
    expect(await sqlError(sql`insert into users (id, name, email, staff_id) values ('u5', 'A', 'a5@b.c', 'STF1')`)).toBe('23514');
    await ctx.app.kobo.database.db.execute(sql`insert into users (id, name, email) values ('u6', 'A', 'same@b.c')`);
    expect(await sqlError(sql`insert into users (id, name, email) values ('u7', 'B', 'same@b.c')`)).toBe('23505');
  });

  it('refuses duplicate category names in any case, bad colours and unknown icons', async () => {
    const db = ctx.app.kobo.database.db;
    await db.execute(sql`insert into categories (name) values ('Food')`);
    expect(await sqlError(sql`insert into categories (name) values ('FOOD')`)).toBe('23505');
    expect(await sqlError(sql`insert into categories (name, color) values ('Fuel', 'red')`)).toBe('23514');
    expect(await sqlError(sql`insert into categories (name, icon) values ('Fuel', 'FaRocket')`)).toBe('23514');
  });

  it('refuses negative or excessive amounts, a category in use being deleted, and any change to the ledger', async () => {
    const db = ctx.app.kobo.database.db;
    const [category] = await queryRows<{ id: string }>(db, sql`insert into categories (name) values ('Transport') returning id`);
    expect(await sqlError(sql`insert into expenses (amount_kobo, category_id, spent_on) values (-1, ${category?.id}, '2026-01-01')`)).toBe('23514');
    expect(
      await sqlError(sql`insert into expenses (amount_kobo, category_id, spent_on) values (100000000000001, ${category?.id}, '2026-01-01')`),
    ).toBe('23514');
    await db.execute(sql`insert into expenses (amount_kobo, category_id, spent_on) values (150000, ${category?.id}, '2026-01-01')`);
    // ON DELETE RESTRICT: foreign_key_violation on PostgreSQL 15, restrict_violation on PGlite's 18.
    expect(['23503', '23001']).toContain(await sqlError(sql`delete from categories where id = ${category?.id}`));

    const [account] = await queryRows<{ id: string }>(db, sql`insert into savings_accounts (holder_name) values ('Bola') returning id`);
    expect(await sqlError(sql`update savings_accounts set balance_kobo = -1 where id = ${account?.id}`)).toBe('23514');
    expect(
      await sqlError(sql`insert into savings_transactions (account_id, type, amount_kobo, created_by_email, value_date) values (${account?.id}, 'deposit', 0, 'a@b.c', '2026-01-01')`),
    ).toBe('23514');
    await db.execute(
      sql`insert into savings_transactions (account_id, type, amount_kobo, created_by_email, value_date) values (${account?.id}, 'deposit', 500, 'a@b.c', '2026-01-01')`,
    );
    // The stored balance follows, as the app's posting does, so the books' check after the file agrees.
    await db.execute(sql`update savings_accounts set balance_kobo = 500 where id = ${account?.id}`);
    expect(await sqlError(sql`update savings_transactions set amount_kobo = 1`)).toBe('42501');
    expect(await sqlError(sql`delete from savings_transactions`)).toBe('42501');
  });

  it('keeps the journal append-only and every entry balanced (issue 27)', async () => {
    const db = ctx.app.kobo.database.db;
    expect(await sqlError(sql`update journal_lines set amount_kobo = 1`)).toBe('42501');
    expect(await sqlError(sql`delete from journal_lines`)).toBe('42501');
    expect(await sqlError(sql`update journal_entries set narration = 'changed'`)).toBe('42501');
    expect(await sqlError(sql`delete from journal_entries`)).toBe('42501');
    expect(await sqlError(sql`truncate journal_lines`)).toBe('42501');
    const [bank] = await queryRows<{ id: string }>(db, sql`select id from ledger_accounts where system_key = 'scheme.bank'`);
    const [charges] = await queryRows<{ id: string }>(db, sql`select id from ledger_accounts where system_key = 'scheme.bank_charges'`);
    const [cash] = await queryRows<{ id: string }>(db, sql`select id from ledger_accounts where system_key = 'organisation.cash'`);
    // Debits 1,000 and credits 999: refused, and the entry goes with its lines (one transaction).
    expect(
      await sqlError(sql`with e as (${manualEntry('scheme')}) insert into journal_lines (entry_id, line_no, account_id, amount_kobo, value_date)
        select e.id, n, a, amt, '2026-01-05' from e, (values (1, ${charges?.id}::uuid, 1000), (2, ${bank?.id}::uuid, -999)) v(n, a, amt)`),
    ).toBe('23514');
    // A line in the other book's account: refused.
    expect(
      await sqlError(sql`with e as (${manualEntry('scheme')}) insert into journal_lines (entry_id, line_no, account_id, amount_kobo, value_date)
        select e.id, n, a, amt, '2026-01-05' from e, (values (1, ${charges?.id}::uuid, 1000), (2, ${cash?.id}::uuid, -1000)) v(n, a, amt)`),
    ).toBe('23514');
    // The lines carry no foreign keys (migration 0016); the statement trigger refuses an account or
    // an entry that does not exist, with the foreign-key SQLSTATE.
    const nowhere = '00000000-0000-4000-8000-000000000000';
    expect(
      await sqlError(sql`with e as (${manualEntry('scheme')}) insert into journal_lines (entry_id, line_no, account_id, amount_kobo, value_date)
        select e.id, n, a, amt, '2026-01-05' from e, (values (1, ${charges?.id}::uuid, 1000), (2, ${nowhere}::uuid, -1000)) v(n, a, amt)`),
    ).toBe('23503');
    expect(
      await sqlError(sql`insert into journal_lines (entry_id, line_no, account_id, amount_kobo, value_date)
        values (${nowhere}::uuid, 1, ${charges?.id}::uuid, 1000, '2026-01-05'), (${nowhere}::uuid, 2, ${bank?.id}::uuid, -1000, '2026-01-05')`),
    ).toBe('23503');
    // An account with lines cannot be deleted: its day balances name it (ON DELETE RESTRICT).
    await db.execute(sql`with e as (insert into journal_entries (book, value_date, source_type, narration) values ('scheme', '2026-01-05', 'manual', 'Bank charges') returning id)
      insert into journal_lines (entry_id, line_no, account_id, amount_kobo, value_date)
      select e.id, n, a, amt, '2026-01-05' from e, (values (1, ${charges?.id}::uuid, 1000), (2, ${bank?.id}::uuid, -1000)) v(n, a, amt)`);
    // PostgreSQL 15 names a RESTRICT refusal foreign_key_violation (23503); PGlite's 17 restrict_violation (23001).
    expect(['23001', '23503']).toContain(await sqlError(sql`delete from ledger_accounts where id = ${charges?.id}::uuid`));
    const [left] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from journal_entries where narration = 'test'`);
    expect(left?.count).toBe(0);
  });
});

function manualEntry(book: string) {
  return sql`insert into journal_entries (book, value_date, source_type, narration) values (${book}, '2026-01-05', 'manual', 'test') returning id`;
}
