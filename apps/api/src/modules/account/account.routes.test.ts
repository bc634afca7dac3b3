import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import { expenses, savingsAccounts, sessions, users } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { insertCategory, insertExpense } from '../expenses/expense-fixtures.ts';

let ctx: TestContext;
let categoryId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  categoryId = await insertCategory(ctx.app.kobo.database.db, 'Fuel');
});
afterAll(async () => ctx?.close());

const db = () => ctx.app.kobo.database.db;

describe('deleting your own account (Danger Zone)', () => {
  it('needs the confirmation the screen asks for', async () => {
    const user = await ctx.signedIn('user');
    const response = await user.request('DELETE', '/api/account', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.confirmAccountDeletion);
    expect((await user.get('/api/expenses')).statusCode).toBe(200);
  });

  it('deletes your expenses, then you, and ends your sessions; others’ expenses stay', async () => {
    const leaver = await ctx.signedIn('user');
    const stayer = await ctx.signedIn('user');
    await insertExpense(db(), { categoryId, userId: leaver.userId, amountKobo: 100, spentOn: '2026-11-01' });
    const kept = await insertExpense(db(), { categoryId, userId: stayer.userId, amountKobo: 200, spentOn: '2026-11-01' });
    const response = await leaver.request('DELETE', '/api/account', { confirm: true });
    expect(response.statusCode).toBe(204);
    expect(await db().select().from(users).where(eq(users.id, leaver.userId))).toEqual([]);
    expect(await db().select().from(expenses).where(eq(expenses.userId, leaver.userId))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, leaver.userId))).toEqual([]);
    expect((await db().select().from(expenses).where(eq(expenses.id, kept))).length).toBe(1);
    expect((await leaver.get('/api/expenses')).statusCode).toBe(401);
  });

  it('is refused while the savings balance is not zero, and nothing is deleted', async () => {
    const saver = await ctx.signedIn('user');
    await insertExpense(db(), { categoryId, userId: saver.userId, amountKobo: 100, spentOn: '2026-11-01' });
    const [account] = await db().insert(savingsAccounts).values({ userId: saver.userId, holderName: 'Saver', balanceKobo: 1 }).returning();
    const refused = await saver.request('DELETE', '/api/account', { confirm: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'SAVINGS_BALANCE_NOT_ZERO', message: MESSAGES.savingsBalanceNotZero });
    expect((await db().select().from(expenses).where(eq(expenses.userId, saver.userId))).length).toBe(1);

    // At zero the account goes; the savings record stays, detached (DECISIONS 7).
    await db().execute(sql`update savings_accounts set balance_kobo = 0 where id = ${account?.id}`);
    expect((await saver.request('DELETE', '/api/account', { confirm: true })).statusCode).toBe(204);
    const [detached] = await db().select().from(savingsAccounts).where(eq(savingsAccounts.id, account?.id ?? ''));
    expect(detached?.userId).toBeNull();
  });

  it('keeps the last active administrator, and lets an admin go while another remains', async () => {
    const onlyAdmin = await ctx.signedIn('admin');
    const refused = await onlyAdmin.request('DELETE', '/api/account', { confirm: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'LAST_ADMIN', message: MESSAGES.lastAdminCannotLeave });

    const inactiveAdmin = await ctx.signedIn('admin');
    await ctx.setActive(inactiveAdmin.userId, false);
    expect((await onlyAdmin.request('DELETE', '/api/account', { confirm: true })).statusCode).toBe(409);

    const secondAdmin = await ctx.signedIn('admin');
    expect((await onlyAdmin.request('DELETE', '/api/account', { confirm: true })).statusCode).toBe(204);
    expect((await secondAdmin.request('DELETE', '/api/account', { confirm: true })).statusCode).toBe(409);
  });

  it('lets only one of the last two admins leave when both try at once', async () => {
    const ctx2 = await createTestContext();
    try {
      const first = await ctx2.signedIn('admin');
      const second = await ctx2.signedIn('admin');
      const results = await Promise.all([
        first.request('DELETE', '/api/account', { confirm: true }),
        second.request('DELETE', '/api/account', { confirm: true }),
      ]);
      expect(results.map((result) => result.statusCode).toSorted()).toEqual([204, 409]);
    } finally {
      await ctx2.close();
    }
  });
});
