import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { addStaff, deposit, post, transfer, openSavingsContext } from './savings-test-support.ts';

// Issue 10 "One gate": a GET never writes; a refused request changes nothing.
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened));

type RowCounts = { accounts: number; transactions: number; audit: number; keys: number };

/** Every table a savings request may write. */
async function rowCounts(): Promise<RowCounts> {
  const [counts] = await queryRows<RowCounts>(
    ctx.app.kobo.database.db,
    sql`select (select count(*)::int from savings_accounts) as accounts,
               (select count(*)::int from savings_transactions) as transactions,
               (select count(*)::int from audit_log) as audit,
               (select count(*)::int from idempotency_keys) as keys`,
  );
  if (!counts) throw new Error('no counts');
  return counts;
}

async function accountsOf(userId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    ctx.app.kobo.database.db,
    sql`select count(*)::int as count from savings_accounts where user_id = ${userId}`,
  );
  return row?.count ?? -1;
}

/** Runs `request` and expects it to have written nothing at all. */
async function expectNoWrites<T>(request: () => Promise<T>): Promise<T> {
  const before = await rowCounts();
  const result = await request();
  expect(await rowCounts()).toEqual(before);
  return result;
}

describe('a refused posting changes nothing', () => {
  it('refuses an admin’s withdrawal for a holder who never saved, opening no account', async () => {
    const user = await ctx.signedIn('user');
    const response = await expectNoWrites(() => post(admin, { userId: user.userId, type: 'withdrawal', amount: 5 }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'INSUFFICIENT_BALANCE', message: 'Insufficient balance for withdrawal', field: 'amount' });
    expect(await accountsOf(user.userId)).toBe(0);
  });

  it('does the same with an Idempotency-Key, storing no key', async () => {
    const user = await ctx.signedIn('user');
    const response = await expectNoWrites(() => post(admin, { userId: user.userId, type: 'withdrawal', amount: 5 }, 'refused-1'));
    expect(response.statusCode).toBe(409);
    expect(await accountsOf(user.userId)).toBe(0);
  });

  it('refuses a regular user’s own first withdrawal, opening no account', async () => {
    const user = await ctx.signedIn('user');
    const response = await expectNoWrites(() => post(user, { type: 'withdrawal', amount: '0.01' }));
    expect(response.statusCode).toBe(409);
    expect(await accountsOf(user.userId)).toBe(0);
  });

  it('refuses a transfer from a holder who never saved, opening neither account', async () => {
    const from = await ctx.signedIn('user');
    const to = await ctx.signedIn('user');
    const response = await expectNoWrites(() => transfer(admin, { fromUserId: from.userId, toUserId: to.userId, amount: 1 }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'INSUFFICIENT_BALANCE_FOR_TRANSFER', message: 'Insufficient balance for transfer', field: 'amount' });
    expect(await accountsOf(from.userId)).toBe(0);
    expect(await accountsOf(to.userId)).toBe(0);
  });

  it('refuses a short transfer to a holder who never saved, opening no account for them', async () => {
    const from = await addStaff(admin);
    await deposit(admin, from.userId, 1);
    const to = await ctx.signedIn('user');
    const response = await expectNoWrites(() => transfer(admin, { fromUserId: from.userId, toUserId: to.userId, amount: 2 }));
    expect(response.statusCode).toBe(409);
    expect(await accountsOf(to.userId)).toBe(0);
  });

  it('refuses a transfer to an admin or to no one, opening nothing', async () => {
    const from = await ctx.signedIn('user');
    for (const toUserId of [admin.userId, 'no-such-user']) {
      const response = await expectNoWrites(() => transfer(admin, { fromUserId: from.userId, toUserId, amount: 1 }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Invalid transfer details');
    }
    expect(await accountsOf(from.userId)).toBe(0);
  });

  it('opens the account with the first deposit, and a transfer opens the recipient’s', async () => {
    const user = await ctx.signedIn('user');
    const first = await post(admin, { userId: user.userId, type: 'deposit', amount: 3 });
    expect(first.statusCode).toBe(201);
    expect(first.json().account).toMatchObject({ userId: user.userId, balanceKobo: 300 });
    expect(await accountsOf(user.userId)).toBe(1);

    const recipient = await ctx.signedIn('user');
    const sent = await transfer(admin, { fromUserId: user.userId, toUserId: recipient.userId, amount: 1 });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().to).toMatchObject({ userId: recipient.userId, balanceKobo: 100 });
    expect(await accountsOf(recipient.userId)).toBe(1);
    expect((await recipient.get('/api/savings/me')).json().transactions).toMatchObject([{ type: 'transfer_in', amountKobo: 100 }]);
  });
});

describe('a read never writes', () => {
  it('shows a regular user who never saved a zero balance and no history', async () => {
    const user = await ctx.signedIn('user');
    const response = await expectNoWrites(() => user.get('/api/savings/me'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ account: { userId: user.userId, holderName: 'Test user', balanceKobo: 0, staffId: null }, transactions: [] });
    expect(await accountsOf(user.userId)).toBe(0);
  });

  it('shows an admin the detail of a holder who never saved, at zero', async () => {
    const user = await ctx.signedIn('user');
    const response = await expectNoWrites(() => admin.get(`/api/savings/accounts/${user.userId}?period=year`));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      account: { userId: user.userId, balanceKobo: 0 },
      summary: { balanceKobo: 0, inflowKobo: 0, outflowKobo: 0, netKobo: 0 },
      transactions: [],
    });
    expect(await accountsOf(user.userId)).toBe(0);
  });

  it('gives a statement, and its export, for a holder who never saved without opening an account', async () => {
    const user = await ctx.signedIn('user');
    const statement = await expectNoWrites(() => user.get('/api/savings/statement?from=2026-01-01&to=2026-01-31'));
    expect(statement.statusCode).toBe(200);
    expect(statement.json()).toMatchObject({ openingBalanceKobo: 0, closingBalanceKobo: 0, rows: [], account: { balanceKobo: 0 } });
    const byAdmin = await expectNoWrites(() => admin.get(`/api/savings/statement/export?userId=${user.userId}&from=2026-01-01&to=2026-01-31`));
    expect(byAdmin.statusCode).toBe(200);
    expect(await accountsOf(user.userId)).toBe(0);
  });

  it('still answers 404 for an admin or no one, writing nothing', async () => {
    for (const ref of [admin.userId, 'no-such-user', 'STF999']) {
      const response = await expectNoWrites(() => admin.get(`/api/savings/accounts/${ref}`));
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('No savings account found');
    }
  });
});

describe('descriptions and bodies over their limits', () => {
  it.each([
    ['501 characters', 501],
    ['1 MB', 1_000_000],
  ])('refuses a description of %s with a 400 naming the limit, posting nothing', async (_label, length) => {
    const holder = await ctx.signedIn('user');
    const response = await expectNoWrites(() => post(admin, { userId: holder.userId, type: 'deposit', amount: 1, description: 'd'.repeat(length) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: 'Description must be at most 500 characters', field: 'description' });
    expect(await accountsOf(holder.userId)).toBe(0);
  });

  it('refuses an over-long transfer description the same way', async () => {
    const from = await addStaff(admin);
    const to = await addStaff(admin);
    await deposit(admin, from.userId, 10);
    const response = await expectNoWrites(() => transfer(admin, { fromUserId: from.userId, toUserId: to.userId, amount: 1, description: 'd'.repeat(501) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: 'Description must be at most 500 characters', field: 'description' });
  });

  it('keeps a description of exactly 500 characters whole', async () => {
    const holder = await ctx.signedIn('user');
    const description = `${'d'.repeat(499)}e`;
    const response = await post(admin, { userId: holder.userId, type: 'deposit', amount: 1, description });
    expect(response.statusCode).toBe(201);
    expect(response.json().transaction.description).toBe(description);
  });

  it('answers a 2 MB body with a 413 in JSON, posting nothing', async () => {
    const holder = await ctx.signedIn('user');
    const response = await expectNoWrites(() => post(admin, { userId: holder.userId, type: 'deposit', amount: 1, description: 'd'.repeat(2 * 1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
    expect(typeof response.json().message).toBe('string');
    expect(await accountsOf(holder.userId)).toBe(0);
  });
});
