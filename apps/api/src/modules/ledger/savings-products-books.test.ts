import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '../../db/schema.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { addStaff, deposit, openSavingsContext } from '../savings/savings-test-support.ts';
import { ledgerAccountId } from '../books/books-test-support.ts';
import { findBookProblems } from './book-problems.ts';
import { findLedgerDrift } from './ledger-drift.ts';
import { openAccount } from './savings-accounts.ts';

/**
 * Issue 29's books (migration 0019): each member account sits under its product's control account,
 * a move between two of one member's products is one balanced entry across two control accounts,
 * and penalties and interest post to income and expense. The ledger rows are written here as the
 * posting operations write them; the operations' own rules are tested beside them.
 */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened));

const db = () => ctx.app.kobo.database.db as Database;

async function newControlAccount(code: string, name: string, kind: 'liability' | 'equity'): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`insert into ledger_accounts (book, code, name, kind, subledger) values ('scheme', ${code}, ${name}, ${kind}, 'member_savings') returning id`,
  );
  return row!.id;
}

async function newProduct(name: string, kind: string, controlAccountId: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`insert into savings_products (name, kind, control_account_id) values (${name}, ${kind}, ${controlAccountId}) returning id`,
  );
  return row!.id;
}

async function postRow(accountId: string, type: string, amountKobo: number, extra: { transferId?: string } = {}) {
  await db().execute(sql`
    insert into savings_transactions (account_id, type, amount_kobo, created_by_email, value_date, transfer_id)
    values (${accountId}, ${type}, ${amountKobo}, 'treasurer@example.com', '2026-11-20', ${extra.transferId ?? null})`);
  await db().execute(sql`
    update savings_accounts set balance_kobo = balance_kobo + ${type === 'deposit' || type === 'transfer_in' || type === 'interest' ? amountKobo : -amountKobo}
    where id = ${accountId}`);
}

/** An account's balance in the books: credit balances as positive kobo. */
async function booksBalance(accountId: string): Promise<number> {
  const [row] = await queryRows<{ total: string }>(db(), sql`select coalesce(-sum(amount_kobo), 0)::text as total from journal_lines where account_id = ${accountId}`);
  return Number(row!.total);
}

describe('savings products in the books', () => {
  it('keeps every existing account as ordinary savings, under Members’ savings', async () => {
    const member = await addStaff(admin, { name: 'Ada Okafor' });
    await deposit(admin, member.userId, '300,000');
    const [account] = await queryRows<{ product_id: string }>(db(), sql`select product_id from savings_accounts where user_id = ${member.userId}`);
    expect(account!.product_id).toBe(ORDINARY_SAVINGS_PRODUCT_ID);
    expect(await booksBalance(await ledgerAccountId(db(), 'scheme.member_savings'))).toBe(30_000_000);
  });

  it('moves ₦2,000 from ordinary savings into Christmas savings as one entry across two control accounts', async () => {
    const member = await addStaff(admin, { name: 'Emeka Obi' });
    await deposit(admin, member.userId, '5,000');
    const control = await newControlAccount('2200', 'Christmas savings', 'liability');
    const christmas = await newProduct('Christmas Savings', 'target', control);
    const ordinaryId = await openAccount(db() as never, member.userId);
    const christmasId = await openAccount(db() as never, member.userId, christmas);
    expect(christmasId).not.toBe(ordinaryId);

    const transferId = '7d1f0d7e-6a39-4d64-9d55-2f0b8f6a0001';
    await db().transaction(async (tx) => {
      await tx.execute(sql`
        insert into savings_transactions (account_id, type, amount_kobo, created_by_email, value_date, transfer_id)
        select ${ordinaryId}::uuid, 'transfer_out', 200000, 'treasurer@example.com', max(value_date), ${transferId}::uuid
        from savings_transactions where account_id = ${ordinaryId}
        union all
        select ${christmasId}::uuid, 'transfer_in', 200000, 'treasurer@example.com', max(value_date), ${transferId}::uuid
        from savings_transactions where account_id = ${ordinaryId}`);
      await tx.execute(sql`update savings_accounts set balance_kobo = balance_kobo - 200000 where id = ${ordinaryId}`);
      await tx.execute(sql`update savings_accounts set balance_kobo = balance_kobo + 200000 where id = ${christmasId}`);
    });
    const lines = await queryRows<{ code: string; amount_kobo: string; narration: string }>(
      db(),
      sql`select a.code, l.amount_kobo::text, e.narration from journal_entries e join journal_lines l on l.entry_id = e.id
          join ledger_accounts a on a.id = l.account_id where e.source_id = ${transferId} order by l.line_no`,
    );
    expect(lines.map((line) => [line.code, Number(line.amount_kobo)])).toEqual([
      ['2000', 200_000],
      ['2200', -200_000],
    ]);
    expect(lines[0]!.narration).toBe('Transfer · Emeka Obi → Emeka Obi · Christmas Savings');
    expect(await booksBalance(control)).toBe(200_000);
    expect(await findBookProblems(db())).toEqual([]);
  });

  it('takes a ₦500 penalty to fee income and pays ₦6,000 of interest from Interest on savings', async () => {
    const member = await addStaff(admin, { name: 'Bisi Ade' });
    const control = await newControlAccount('2300', 'Fixed deposits', 'liability');
    const fixed = await newProduct('Fixed deposit', 'fixed', control);
    const accountId = await openAccount(db() as never, member.userId, fixed);
    const feeIncome = await ledgerAccountId(db(), 'scheme.fee_income');
    const interestOnSavings = await ledgerAccountId(db(), 'scheme.savings_interest');
    const feeBefore = await booksBalance(feeIncome);

    await postRow(accountId, 'deposit', 10_000_000);
    await postRow(accountId, 'interest', 600_000);
    await postRow(accountId, 'penalty', 50_000);

    expect(await booksBalance(control)).toBe(10_550_000);
    expect(await booksBalance(feeIncome)).toBe(feeBefore + 50_000);
    expect(await booksBalance(interestOnSavings)).toBe(-600_000);
    expect(await findBookProblems(db())).toEqual([]);
  });

  it('names the control account whose members’ balances differ from it, and the drift check names the member', async () => {
    const member = await addStaff(admin, { name: 'Tunde Bello' });
    const control = await newControlAccount('3010', 'Shares', 'equity');
    const shares = await newProduct('Shares', 'shares', control);
    const accountId = await openAccount(db() as never, member.userId, shares);
    await postRow(accountId, 'deposit', 2_500_000);
    await db().execute(sql`update savings_accounts set balance_kobo = balance_kobo + 1 where id = ${accountId}`);
    const problems = await findBookProblems(db());
    const drift = await findLedgerDrift(db());
    await db().execute(sql`update savings_accounts set balance_kobo = balance_kobo - 1 where id = ${accountId}`);
    // Decision 071: a run posts a control account its total, so the books compare each control
    // account with its members' balances, and the drift check compares each balance with its rows.
    expect(problems).toEqual([{ problem: "members' savings differ from the books", subject: '3010', expectedKobo: 2_500_001, foundKobo: 2_500_000 }]);
    expect(drift).toEqual([{ accountId, storedKobo: 2_500_001, ledgerKobo: 2_500_000 }]);
  });
});
