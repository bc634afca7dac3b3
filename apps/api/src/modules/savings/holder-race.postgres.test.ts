import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { addStaff, balanceOf, deposit, post, transfer, openSavingsContext } from './savings-test-support.ts';

// PostgreSQL only: a posting must wait on another transaction's row lock to show the race.
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened));

/**
 * Holds the holder's savings row as users/change-role.ts and users/delete-user.ts do, starts
 * `posting` while the lock is held, then applies `change` and commits.
 */
async function whileHolderChanges<T>(userId: string, posting: () => Promise<T>, change: string): Promise<T> {
  const { db } = ctx.app.kobo.database;
  let pending: Promise<T> | undefined;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from savings_accounts where user_id = ${userId} for update`);
    pending = posting();
    // Long enough for the posting to reach the lock and queue on it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await tx.execute(sql.raw(change.replace('$user', `'${userId}'`)));
  });
  if (!pending) throw new Error('posting not started');
  return pending;
}

describe('a posting that waited on its holder', () => {
  it('posts nothing when the holder became an admin meanwhile', async () => {
    const staff = await addStaff(admin);
    await deposit(admin, staff.userId, 10);
    const before = await balanceOf(admin, staff.userId);
    const response = await whileHolderChanges(
      staff.userId,
      () => post(admin, { userId: staff.userId, type: 'deposit', amount: 5 }),
      `update users set role = 'admin' where id = $user`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MESSAGES.noSavingsAccount);
    // The account (now an admin's, kept for its history) still holds only the first deposit.
    const [account] = await queryRows<{ balance: number }>(
      ctx.app.kobo.database.db,
      sql`select balance_kobo::int as balance from savings_accounts where user_id = ${staff.userId}`,
    );
    expect(before).toBe(1000);
    expect(account?.balance).toBe(1000);
  });

  it('posts nothing when a role change that holds only the user row commits while the posting waits', async () => {
    const staff = await addStaff(admin);
    await deposit(admin, staff.userId, 10);
    const { db } = ctx.app.kobo.database;
    let pending: ReturnType<typeof post> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`update users set role = 'admin' where id = ${staff.userId}`);
      pending = post(admin, { userId: staff.userId, type: 'withdrawal', amount: 5 });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const response = await pending!;
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MESSAGES.noSavingsAccount);
    const [account] = await queryRows<{ balance: number }>(db, sql`select balance_kobo::int as balance from savings_accounts where user_id = ${staff.userId}`);
    expect(account?.balance).toBe(1000);
  });

  it('opens no account when a holder who never saved became an admin while their first deposit waited', async () => {
    const user = await ctx.signedIn('user');
    const { db } = ctx.app.kobo.database;
    let pending: ReturnType<typeof post> | undefined;
    // As users/change-role.ts does: the user row locked, then the role changed, then commit.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${user.userId} for update`);
      pending = post(admin, { userId: user.userId, type: 'deposit', amount: 5 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`update users set role = 'admin' where id = ${user.userId}`);
    });
    const response = await pending!;
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MESSAGES.noSavingsAccount);
    const [accounts] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from savings_accounts where user_id = ${user.userId}`);
    expect(accounts?.count).toBe(0);
  });

  it('posts nothing when the holder was deleted meanwhile', async () => {
    const staff = await addStaff(admin);
    const response = await whileHolderChanges(
      staff.userId,
      () => post(admin, { userId: staff.userId, type: 'deposit', amount: 5 }),
      `delete from users where id = $user`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MESSAGES.noSavingsAccount);
    const [ledger] = await queryRows<{ count: number }>(
      ctx.app.kobo.database.db,
      sql`select count(*)::int as count from savings_transactions t join savings_accounts a on a.id = t.account_id where a.staff_id = ${staff.staffId}`,
    );
    expect(ledger?.count).toBe(0);
  });

  it('posts neither leg of a transfer to someone deleted meanwhile', async () => {
    const from = await addStaff(admin);
    const to = await addStaff(admin);
    await deposit(admin, from.userId, 10);
    const response = await whileHolderChanges(
      to.userId,
      () => transfer(admin, { fromUserId: from.userId, toUserId: to.userId, amount: 5 }),
      `delete from users where id = $user`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.invalidTransferDetails);
    expect(await balanceOf(admin, from.userId)).toBe(1000);
  });
});
