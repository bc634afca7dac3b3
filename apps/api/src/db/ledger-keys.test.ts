import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { activeLoan } from '../modules/exits/exit-settlement-test-support.ts';
import { postgresErrorOf } from './errors.ts';
import { queryRows } from './client.ts';

/**
 * Migration 0038 (docs/decisions/070): the ledgers' references are checked once per statement by
 * their posting triggers, not by foreign keys row by row. What a foreign key refused is still
 * refused, with its SQLSTATE (23503), in a statement of one row and of many, and a refused
 * statement writes nothing.
 */
let ctx: TestContext;
const NOWHERE = '00000000-0000-4000-8000-00000000dead';
const ORDINARY = '00000000-0000-4000-8000-000000000001';
let account = '';
let other = '';
let posting = '';
let batch = '';
let loan = '';
let loanEntry = '';

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.app.kobo.database.db;
  await db.execute(sql`insert into users (id, name, email, role, staff_id) values ('keys-a', 'Ada Keys', 'ada.keys@example.com', 'staff', 'STF90001'), ('keys-b', 'Bayo Keys', 'bayo.keys@example.com', 'staff', 'STF90002')`);
  const accounts = await queryRows<{ id: string; user_id: string }>(
    db,
    sql`insert into savings_accounts (user_id, holder_name, staff_id, balance_kobo) values ('keys-a', 'Ada Keys', 'STF90001', 500000), ('keys-b', 'Bayo Keys', 'STF90002', 0) returning id::text, user_id`,
  );
  account = accounts.find((row) => row.user_id === 'keys-a')?.id as string;
  other = accounts.find((row) => row.user_id === 'keys-b')?.id as string;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into savings_transactions (account_id, type, amount_kobo, created_by_email, value_date) values (${account}::uuid, 'deposit', 500000, 'a@b.c', '2026-01-05') returning id::text`,
  );
  posting = row?.id as string;
  const [run] = await queryRows<{ id: string }>(
    db,
    sql`insert into savings_batches (month, value_date, description, row_count, deposit_kobo, withdrawal_kobo, loan_repayment_kobo, posted_by_id, posted_by_name, posted_by_email)
        values ('2026-01', '2026-01-31', 'January 2026 contributions', 0, 0, 0, 0, 'keys-a', 'Treasurer', 'treasurer@example.com') returning id::text`,
  );
  batch = run?.id as string;
  const [product] = await queryRows<{ id: string }>(
    db,
    sql`insert into loan_products (name, method, annual_rate_bp, max_months, savings_multiple, max_amount_kobo, guarantors_required, overpayment, created_by_id)
        values ('Keys Flat', 'flat', 1200, 24, 200, 50000000, 0, 'reduce_term', 'keys-a') returning id::text`,
  );
  loan = await activeLoan(db, { userId: 'keys-a', productId: product?.id as string, principalKobo: 120000, disbursedOn: '2026-01-10' });
  const [entry] = await queryRows<{ id: string }>(db, sql`select id::text from loan_transactions where loan_id = ${loan}::uuid`);
  loanEntry = entry?.id as string;
});
afterAll(async () => ctx?.close());

async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await ctx.app.kobo.database.db.execute(statement);
  } catch (error) {
    return postgresErrorOf(error)?.code ?? 'an error without a code';
  }
  return 'no error';
}

async function count(table: 'savings_transactions' | 'loan_transactions' | 'savings_accounts' | 'journal_entries'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(ctx.app.kobo.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`);
  return row?.n as number;
}

function savingsRows(rows: { account: string; type?: string; counterparty?: string | null; transfer?: string | null; reverses?: string | null; batch?: string | null }[]) {
  const values = rows.map(
    (row) =>
      sql`(${row.account}::uuid, ${row.type ?? 'deposit'}, 100, 'a@b.c', '2026-01-06', ${row.counterparty ?? null}::uuid, ${row.transfer ?? null}::uuid, ${row.reverses ?? null}::uuid, ${row.reverses ? 'Keyed in twice' : null}, ${row.batch ?? null}::uuid)`,
  );
  return sql`insert into savings_transactions (account_id, type, amount_kobo, created_by_email, value_date, counterparty_account_id, transfer_id, reverses_id, reason, batch_id) values ${sql.join(values, sql`, `)}`;
}

describe('the savings ledger names only what exists (migration 0038)', () => {
  it('refuses a posting to an account that does not exist, alone or among good rows, and writes nothing', async () => {
    const before = { postings: await count('savings_transactions'), entries: await count('journal_entries') };
    expect(await refusal(savingsRows([{ account: NOWHERE }]))).toBe('23503');
    expect(await refusal(savingsRows([{ account }, { account: NOWHERE }, { account: other }]))).toBe('23503');
    // A run's statement (every row naming its one batch) is checked on the run's own path (decision 071).
    expect(await refusal(savingsRows([{ account, batch }, { account: NOWHERE, batch }, { account: other, batch }]))).toBe('23503');
    expect({ postings: await count('savings_transactions'), entries: await count('journal_entries') }).toEqual(before);
  });

  it('refuses a counterparty, a reversed posting or a batch that does not exist, alone or among good rows', async () => {
    const transfer = '00000000-0000-4000-8000-00000000beef';
    const before = await count('savings_transactions');
    expect(await refusal(savingsRows([{ account, type: 'transfer_out', counterparty: NOWHERE, transfer }]))).toBe('23503');
    expect(await refusal(savingsRows([{ account, type: 'transfer_out', counterparty: NOWHERE, transfer }, { account: other, type: 'transfer_in', counterparty: account, transfer }]))).toBe('23503');
    expect(await refusal(savingsRows([{ account, type: 'withdrawal', reverses: NOWHERE }]))).toBe('23503');
    expect(await refusal(savingsRows([{ account }, { account, type: 'withdrawal', reverses: NOWHERE }]))).toBe('23503');
    expect(await refusal(savingsRows([{ account, batch: NOWHERE }]))).toBe('23503');
    expect(await refusal(savingsRows([{ account, batch }, { account: other, batch: NOWHERE }]))).toBe('23503');
    expect(await refusal(savingsRows([{ account, batch: NOWHERE }, { account: other, batch: NOWHERE }]))).toBe('23503');
    expect(await count('savings_transactions')).toBe(before);
  });

  it('still refuses a posting to a closed account (KB410), alone or among good rows', async () => {
    const db = ctx.app.kobo.database.db;
    const [closed] = await queryRows<{ id: string }>(
      db,
      sql`insert into savings_accounts (holder_name, product_id, closed_at) values ('Closed Keys', ${ORDINARY}::uuid, now()) returning id::text`,
    );
    expect(await refusal(savingsRows([{ account: closed?.id as string }]))).toBe('KB410');
    expect(await refusal(savingsRows([{ account }, { account: closed?.id as string }]))).toBe('KB410');
    expect(await refusal(savingsRows([{ account, batch }, { account: closed?.id as string, batch }]))).toBe('KB410');
  });

  it('keeps an account with postings, and a batch that postings name, from being deleted or re-keyed', async () => {
    const db = ctx.app.kobo.database.db;
    expect(await refusal(sql`delete from savings_accounts where id = ${account}::uuid`)).toBe('23503');
    expect(await refusal(sql`update savings_accounts set id = gen_random_uuid() where id = ${account}::uuid`)).toBe('23503');
    // A reversal names its original: the original's row is append-only (42501) in any case.
    expect(await refusal(sql`delete from savings_transactions where id = ${posting}::uuid`)).toBe('42501');
    // A batch that a savings posting names.
    await db.execute(sql`update savings_accounts set balance_kobo = balance_kobo + 100 where id = ${other}::uuid`);
    await db.execute(savingsRows([{ account: other, batch }]));
    expect(await refusal(sql`delete from savings_batches where id = ${batch}::uuid`)).toBe('23503');
    // What nothing names goes as before.
    const [spare] = await queryRows<{ id: string }>(db, sql`insert into savings_accounts (holder_name) values ('Spare Keys') returning id::text`);
    expect(await refusal(sql`delete from savings_accounts where id = ${spare?.id}::uuid`)).toBe('no error');
  });
});

function loanRow(input: { loan: string; reverses?: string | null; batch?: string | null; paidBy?: string | null }) {
  return sql`(${input.loan}::uuid, 'repayment', 100, '2026-02-28', ${input.reverses ?? null}::uuid, ${input.reverses ? 'Keyed in twice' : null}, ${input.batch ?? null}::uuid, ${input.paidBy ?? null}::uuid, 'keys-a', 'a@b.c')`;
}
const insert = (...rows: ReturnType<typeof loanRow>[]) =>
  sql`insert into loan_transactions (loan_id, type, amount_kobo, value_date, reverses_id, reason, batch_id, paid_by_loan_id, created_by_id, created_by_email) values ${sql.join(rows, sql`, `)}`;

describe('the loan ledger names only what exists (migration 0038)', () => {
  it('refuses an entry for a loan, a reversed entry, a batch or a top-up that does not exist, and writes nothing', async () => {
    const before = { entries: await count('loan_transactions'), journal: await count('journal_entries') };
    expect(await refusal(insert(loanRow({ loan: NOWHERE })))).toBe('23503');
    expect(await refusal(insert(loanRow({ loan, reverses: NOWHERE })))).toBe('23503');
    expect(await refusal(insert(loanRow({ loan, batch: NOWHERE })))).toBe('23503');
    expect(await refusal(insert(loanRow({ loan, paidBy: NOWHERE })))).toBe('23503');
    expect({ entries: await count('loan_transactions'), journal: await count('journal_entries') }).toEqual(before);
  });

  it('keeps a loan with entries from being deleted or re-keyed; its entries stay append-only', async () => {
    expect(await refusal(sql`delete from loans where id = ${loan}::uuid`)).toBe('23503');
    expect(await refusal(sql`update loans set id = gen_random_uuid() where id = ${loan}::uuid`)).toBe('23503');
    expect(await refusal(sql`delete from loan_transactions where id = ${loanEntry}::uuid`)).toBe('42501');
  });
});

describe('an account names a product that exists (migration 0038)', () => {
  it('refuses an account in a product that does not exist, alone or among good rows, and a product change', async () => {
    const before = await count('savings_accounts');
    expect(await refusal(sql`insert into savings_accounts (holder_name, product_id) values ('Nowhere Keys', ${NOWHERE}::uuid)`)).toBe('23503');
    expect(
      await refusal(sql`insert into savings_accounts (holder_name, product_id) values ('Good Keys', ${ORDINARY}::uuid), ('Nowhere Keys', ${NOWHERE}::uuid)`),
    ).toBe('23503');
    expect(await count('savings_accounts')).toBe(before);
    expect(await refusal(sql`update savings_accounts set product_id = ${NOWHERE}::uuid where id = ${account}::uuid`)).toBe('23503');
  });

  it('keeps a product that an account holds; one nobody holds is deleted', async () => {
    const db = ctx.app.kobo.database.db;
    const products = await queryRows<{ id: string; name: string }>(
      db,
      sql`with controls as (
            insert into ledger_accounts (book, code, name, kind, subledger)
            values ('scheme', 'K-2101', 'Held Keys', 'liability', 'member_savings'), ('scheme', 'K-2102', 'Unheld Keys', 'liability', 'member_savings')
            returning id, name
          )
          insert into savings_products (name, kind, control_account_id) select name, 'ordinary', id from controls returning id::text, name`,
    );
    const held = products.find((product) => product.name === 'Held Keys')?.id as string;
    const unheld = products.find((product) => product.name === 'Unheld Keys')?.id as string;
    await db.execute(sql`insert into savings_accounts (user_id, holder_name, product_id) values ('keys-b', 'Bayo Keys', ${held}::uuid)`);
    expect(await refusal(sql`delete from savings_products where id = ${held}::uuid`)).toBe('23503');
    expect(await refusal(sql`delete from savings_products where id = ${unheld}::uuid`)).toBe('no error');
  });
});
