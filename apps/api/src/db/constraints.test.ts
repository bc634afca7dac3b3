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
    expect(await sqlError(sql`update savings_transactions set amount_kobo = 1`)).toBe('42501');
    expect(await sqlError(sql`delete from savings_transactions`)).toBe('42501');
  });
});
