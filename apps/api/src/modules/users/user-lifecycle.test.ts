import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AppError, MESSAGES } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { savingsAccounts, savingsTransactions, sessions, users } from '../../db/schema.ts';
import type { Actor } from '../../auth/actor.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { toPublicUser } from '../../auth/public-user.ts';
import { insertCategory, insertExpense } from '../expenses/expense-fixtures.ts';
import { deposit, expectNoLedgerDrift, post, setApprovalSettings, transfer } from '../savings/savings-test-support.ts';
import { changeUserRole } from './change-role.ts';
import { deleteUser as deleteUserService } from './delete-user.ts';
import { setUserActive } from './set-active.ts';
import { addUser, auditEntries, deactivate, deleteUser, reactivate, signInAs, signedInAs } from './users-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
let categoryId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin');
  categoryId = await insertCategory(ctx.app.kobo.database.db, 'Fuel');
});
afterAll(async () => {
  if (ctx) await expectNoLedgerDrift(ctx);
  await ctx?.close();
});

const db = () => ctx.app.kobo.database.db;


describe('deactivating and reactivating', () => {
  it('ends every open session of the account at once, and refuses its sign-in', async () => {
    const user = await addUser(admin);
    const laptop = await signedInAs(ctx, user.email);
    const phone = await signedInAs(ctx, user.email);
    expect((await laptop.get('/api/expenses')).statusCode).toBe(200);

    const response = await deactivate(admin, user.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ user: { active: false, status: 'inactive' }, message: MESSAGES.userDeactivated });

    expect((await laptop.get('/api/expenses')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/session')).json()).toEqual({ user: null });
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const again = await signInAs(ctx.client(), user.email);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(MESSAGES.accountDisabled);
  });

  it('lets a reactivated account sign in again, but revives no old session', async () => {
    const user = await addUser(admin);
    const old = await signedInAs(ctx, user.email);
    await deactivate(admin, user.id);
    const response = await reactivate(admin, user.id);
    expect(response.json()).toMatchObject({ user: { active: true, status: 'active' }, message: MESSAGES.userReactivated });
    expect((await old.get('/api/expenses')).statusCode).toBe(401);
    const fresh = await signedInAs(ctx, user.email);
    expect((await fresh.get('/api/expenses')).statusCode).toBe(200);
  });

  it('refuses to deactivate yourself', async () => {
    const response = await deactivate(admin, admin.userId);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'CANNOT_DEACTIVATE_OWN_ACCOUNT', message: MESSAGES.cannotDeactivateOwnAccount });
    expect((await admin.get('/api/users')).statusCode).toBe(200);
  });

  it('deactivates another admin while you remain', async () => {
    const other = await addUser(admin, { role: 'admin' });
    expect((await deactivate(admin, other.id)).statusCode).toBe(200);
    expect((await reactivate(admin, other.id)).statusCode).toBe(200);
  });

  it('records both acts once; repeating one changes and records nothing', async () => {
    const user = await addUser(admin, { name: 'Kemi Lifecycle' });
    await signedInAs(ctx, user.email);
    await deactivate(admin, user.id);
    await deactivate(admin, user.id);
    await reactivate(admin, user.id);
    const entries = await auditEntries(admin, { userId: user.id });
    expect(entries.map((entry) => entry.kind)).toEqual(['user.reactivated', 'user.deactivated', 'user.created']);
    expect(entries[1]).toMatchObject({ before: { active: true }, after: { active: false, sessionsEnded: 1 } });
    expect(entries[0]).toMatchObject({ before: { active: false }, after: { active: true } });
  });
});

describe('deleting a user (DECISIONS 7)', () => {
  it('refuses to delete your own account here, with the spec’s message', async () => {
    const response = await deleteUser(admin, admin.userId);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'CANNOT_DELETE_OWN_ACCOUNT', message: MESSAGES.cannotDeleteOwnAccount });
  });

  it('keeps their expenses, shown as Unknown User, and ends their sessions', async () => {
    const user = await addUser(admin);
    const client = await signedInAs(ctx, user.email);
    const expenseId = await insertExpense(db(), { categoryId, userId: user.id, amountKobo: 5000, spentOn: '2026-11-02' });

    const response = await deleteUser(admin, user.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(MESSAGES.userDeleted);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect((await client.get('/api/expenses')).statusCode).toBe(401);

    const expense = (await admin.get(`/api/expenses/${expenseId}`)).json().expense;
    expect(expense).toMatchObject({ userId: null, createdBy: null, amountKobo: 5000 });
    expect((await deleteUser(admin, user.id)).statusCode).toBe(404);
  });

  it('is refused while their savings balance is not zero; at zero it goes, and the history stays', async () => {
    const staff = await addUser(admin, { role: 'staff', name: 'Dayo Saver' });
    const other = await addUser(admin, { role: 'staff' });
    await deposit(admin, staff.id, 30);
    const refused = await deleteUser(admin, staff.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'SAVINGS_BALANCE_NOT_ZERO', message: MESSAGES.savingsBalanceNotZero });

    expect((await transfer(admin, { fromUserId: staff.id, toUserId: other.id, amount: 30 })).statusCode).toBe(201);
    expect((await deleteUser(admin, staff.id)).statusCode).toBe(200);
    const [account] = await db().select().from(savingsAccounts).where(eq(savingsAccounts.staffId, staff.staffId ?? ''));
    expect(account).toMatchObject({ userId: null, holderName: 'Dayo Saver', balanceKobo: 0 });
    expect(await db().select().from(savingsTransactions).where(eq(savingsTransactions.accountId, account?.id ?? ''))).toHaveLength(2);
  });

  it('deletes someone who posted on the ledger: the ledger keeps who posted, as written', async () => {
    const saver = await addUser(admin);
    const client = await signedInAs(ctx, saver.email);
    // Members' own postings move money at once here (issue 15 makes them requests by default).
    await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: true });
    expect((await post(client, { type: 'deposit', amount: 5 })).statusCode).toBe(201);
    expect((await post(client, { type: 'withdrawal', amount: 5 })).statusCode).toBe(201);
    expect((await deleteUser(admin, saver.id)).statusCode).toBe(200);
    const rows = await db().select().from(savingsTransactions).where(eq(savingsTransactions.createdById, saver.id));
    expect(rows.map((row) => row.createdByEmail)).toEqual([saver.email, saver.email]);
  });

  it('deletes an admin who processed savings while you remain', async () => {
    const otherAdmin = await addUser(admin, { role: 'admin' });
    const otherClient = await signedInAs(ctx, otherAdmin.email);
    const staff = await addUser(admin, { role: 'staff' });
    await deposit(otherClient, staff.id, 1);
    expect((await deleteUser(admin, otherAdmin.id)).statusCode).toBe(200);
  });

  it('records the deletion with the values before it', async () => {
    const user = await addUser(admin, { name: 'Gone Soon' });
    await insertExpense(db(), { categoryId, userId: user.id, amountKobo: 100, spentOn: '2026-11-02' });
    await deleteUser(admin, user.id);
    const [entry] = await auditEntries(admin, { kind: 'user.deleted', userId: user.id });
    expect(entry).toMatchObject({
      actor: { id: admin.userId },
      target: { type: 'user', id: user.id, label: `Gone Soon <${user.email}>` },
      before: { name: 'Gone Soon', role: 'user', expensesKept: 1 },
      after: null,
    });
  });
});

describe('deleting your own account from Settings (SPEC 4, DECISIONS 7)', () => {
  it('deletes your expenses and then you, in one transaction, and records it', async () => {
    const user = await addUser(admin, { name: 'Self Leaver' });
    const client = await signedInAs(ctx, user.email);
    // Money went in and out, so the ledger names them (posted at once: issue 15's setting).
    await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: true });
    expect((await post(client, { type: 'deposit', amount: 2 })).statusCode).toBe(201);
    expect((await post(client, { type: 'withdrawal', amount: 2 })).statusCode).toBe(201);
    await insertExpense(db(), { categoryId, userId: user.id, amountKobo: 100, spentOn: '2026-11-02' });

    const response = await client.request('DELETE', '/api/account', { confirm: true });
    expect(response.statusCode, response.body).toBe(204);
    expect(await queryRows(db(), sql`select count(*)::int as n from expenses where user_id = ${user.id}`)).toEqual([{ n: 0 }]);
    const [entry] = await auditEntries(admin, { kind: 'user.deleted', userId: user.id });
    expect(entry).toMatchObject({ actor: { id: user.id }, before: { ownAccount: true, expensesDeleted: 1 } });
  });

  it('rolls everything back when a step fails: the expenses stay with the account', async () => {
    const user = await addUser(admin);
    const client = await signedInAs(ctx, user.email);
    await insertExpense(db(), { categoryId, userId: user.id, amountKobo: 100, spentOn: '2026-11-02' });
    // Make the last step fail: the audit entry cannot be written.
    await db().execute(sql`create function fail_audit() returns trigger language plpgsql as $$ begin raise exception 'audit down'; end $$`);
    await db().execute(sql`create trigger audit_down before insert on audit_log for each row execute function fail_audit()`);
    try {
      expect((await client.request('DELETE', '/api/account', { confirm: true })).statusCode).toBe(500);
    } finally {
      await db().execute(sql`drop trigger audit_down on audit_log`);
      await db().execute(sql`drop function fail_audit()`);
    }
    expect((await db().select().from(users).where(eq(users.id, user.id))).length).toBe(1);
    expect(await queryRows(db(), sql`select count(*)::int as n from expenses where user_id = ${user.id}`)).toEqual([{ n: 1 }]);
  });
});

// Over HTTP the actor is always another active admin, so a lone admin can only be reached by
// acting on themselves (refused above) or by a race: an admin who was demoted a moment ago,
// whose request was already past the door. These call the services with such a stale actor;
// the PostgreSQL test races real requests.
async function staleAdminAndLoneAdmin() {
  const local = await createTestContext();
  const lone = await local.signedIn('admin');
  const stale = await local.signedIn('admin');
  const [row] = await local.app.kobo.database.db.select().from(users).where(eq(users.id, stale.userId));
  if (!row) throw new Error('no row');
  const actor: Actor = toPublicUser(row);
  await local.app.kobo.database.db.update(users).set({ role: 'user' }).where(eq(users.id, stale.userId));
  return { local, actor, loneId: lone.userId, deps: { db: local.app.kobo.database.db, now: () => new Date() } };
}

describe('the last active administrator (DECISIONS 7)', () => {
  it('cannot be demoted, deactivated or deleted, and nothing is recorded', async () => {
    const { local, actor, loneId, deps } = await staleAdminAndLoneAdmin();
    try {
      await expect(changeUserRole(deps, actor, loneId, 'manager')).rejects.toMatchObject({ code: 'LAST_ACTIVE_ADMIN' });
      await expect(setUserActive(deps, actor, loneId, false)).rejects.toMatchObject({ code: 'LAST_ACTIVE_ADMIN' });
      await expect(deleteUserService(deps, actor, loneId)).rejects.toMatchObject({ code: 'LAST_ACTIVE_ADMIN' });
      const [row] = await deps.db.select().from(users).where(eq(users.id, loneId));
      expect(row).toMatchObject({ role: 'admin', active: true });
      expect(await queryRows(deps.db, sql`select count(*)::int as n from audit_log`)).toEqual([{ n: 0 }]);
      expect(new AppError('LAST_ACTIVE_ADMIN').message).toBe(MESSAGES.lastActiveAdmin);
    } finally {
      await local.close();
    }
  });

  it('an inactive admin does not count as the one who remains', async () => {
    const { local, actor, loneId, deps } = await staleAdminAndLoneAdmin();
    try {
      const inactive = await local.signedIn('admin');
      await local.setActive(inactive.userId, false);
      await expect(changeUserRole(deps, actor, loneId, 'user')).rejects.toMatchObject({ code: 'LAST_ACTIVE_ADMIN' });
      // Raising someone else is no loss of an admin: only the stale actor's own power is missing.
      await expect(setUserActive(deps, actor, inactive.userId, true)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    } finally {
      await local.close();
    }
  });
});
