import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import { savingsAccounts, savingsTransactions, users } from '../../db/schema.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { deposit, post, openSavingsContext } from '../savings/savings-test-support.ts';
import { addUser, auditEntries, changeRole, signedInAs } from './users-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened));

const db = () => ctx.app.kobo.database.db;


describe('changing a role', () => {
  it('refuses your own role with the spec’s message, and changes nothing', async () => {
    const response = await changeRole(admin, admin.userId, 'user');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'CANNOT_CHANGE_OWN_ROLE', message: MESSAGES.cannotChangeOwnRole });
    expect((await admin.get('/api/users')).statusCode).toBe(200);
  });

  it('needs a known role, and a user that exists', async () => {
    const user = await addUser(admin);
    expect((await changeRole(admin, user.id, '')).json().message).toBe(MESSAGES.addUserRoleRequired);
    expect((await admin.request('PATCH', `/api/users/${user.id}/role`, {})).json().message).toBe(MESSAGES.addUserRoleRequired);
    expect((await changeRole(admin, user.id, 'owner')).json().message).toBe(MESSAGES.addUserInvalidRole);
    expect((await changeRole(admin, 'no-such-user', 'user')).statusCode).toBe(404);
  });

  it('takes effect on the very next request of a signed-in admin who is demoted', async () => {
    const other = await addUser(admin, { role: 'admin' });
    const otherClient = await signedInAs(ctx, other.email);
    expect((await otherClient.get('/api/users')).statusCode).toBe(200);

    const response = await changeRole(admin, other.id, 'user');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ user: { id: other.id, role: 'user' }, message: MESSAGES.userRoleUpdated });

    // Same cookie, next request: no admin powers left, and the session says so.
    expect((await otherClient.get('/api/users')).statusCode).toBe(403);
    expect((await otherClient.get('/api/audit')).statusCode).toBe(403);
    expect((await otherClient.get('/api/auth/session')).json().user.role).toBe('user');
    expect((await otherClient.get('/api/expenses')).statusCode).toBe(200);
  });

  it('takes a manager’s view of everyone’s expenses away at once', async () => {
    const manager = await addUser(admin, { role: 'manager' });
    const managerClient = await signedInAs(ctx, manager.email);
    expect((await managerClient.post('/api/categories', { name: `Fuel ${Date.now()}` })).statusCode).toBe(201);
    expect((await changeRole(admin, manager.id, 'staff')).statusCode).toBe(200);
    expect((await managerClient.post('/api/categories', { name: `Diesel ${Date.now()}` })).statusCode).toBe(403);
    expect((await managerClient.get('/api/expenses')).statusCode).toBe(403);
    expect((await managerClient.get('/api/savings/me')).statusCode).toBe(200);
  });

  it('makes someone staff with a staff ID and a zero-balance savings account', async () => {
    const user = await addUser(admin, { role: 'manager', name: 'Ngozi Manager' });
    const response = await changeRole(admin, user.id, 'staff');
    expect(response.statusCode, response.body).toBe(200);
    const staff = response.json().user;
    expect(staff).toMatchObject({ role: 'staff', accessLevel: 'readonly' });
    expect(staff.staffId).toMatch(/^STF\d{3,}$/);
    const [account] = await db().select().from(savingsAccounts).where(eq(savingsAccounts.userId, user.id));
    expect(account).toMatchObject({ balanceKobo: 0, staffId: staff.staffId, holderName: 'Ngozi Manager' });
    // They can see their savings at once.
    const client = await signedInAs(ctx, user.email);
    expect((await client.get('/api/savings/me')).json().account).toMatchObject({ staffId: staff.staffId, balanceKobo: 0 });
  });

  it('keeps a regular user’s savings account and history when they become staff', async () => {
    const user = await addUser(admin);
    await deposit(admin, user.id, 25);
    const [before] = await db().select().from(savingsAccounts).where(eq(savingsAccounts.userId, user.id));
    const staff = (await changeRole(admin, user.id, 'staff')).json().user;
    const [after] = await db().select().from(savingsAccounts).where(eq(savingsAccounts.userId, user.id));
    expect(after).toMatchObject({ id: before?.id, balanceKobo: 2500, staffId: staff.staffId });
  });

  it('keeps the staff ID, the account and its history when someone leaves staff, and gives the same ID back', async () => {
    const staff = await addUser(admin, { role: 'staff' });
    await deposit(admin, staff.id, 40);
    expect((await post(admin, { userId: staff.id, type: 'withdrawal', amount: 15 })).statusCode).toBe(201);

    const asUser = (await changeRole(admin, staff.id, 'user')).json().user;
    expect(asUser).toMatchObject({ role: 'user', staffId: staff.staffId, accessLevel: 'full' });
    const [account] = await db().select().from(savingsAccounts).where(eq(savingsAccounts.userId, staff.id));
    expect(account?.balanceKobo).toBe(2500);
    expect(await db().select().from(savingsTransactions).where(eq(savingsTransactions.accountId, account?.id ?? ''))).toHaveLength(2);
    // A regular user still sees their own savings (DECISIONS 8).
    const client = await signedInAs(ctx, staff.email);
    expect((await client.get('/api/savings/me')).json().transactions).toHaveLength(2);

    const again = (await changeRole(admin, staff.id, 'staff')).json().user;
    expect(again.staffId).toBe(staff.staffId);
  });

  it('refuses to make someone an admin while their savings balance is not zero', async () => {
    const staff = await addUser(admin, { role: 'staff' });
    await deposit(admin, staff.id, 10);
    const refused = await changeRole(admin, staff.id, 'admin');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'ADMIN_WITH_SAVINGS', message: MESSAGES.adminWithSavings });
    expect((await db().select().from(users).where(eq(users.id, staff.id)))[0]?.role).toBe('staff');

    expect((await post(admin, { userId: staff.id, type: 'withdrawal', amount: 10 })).statusCode).toBe(201);
    expect((await changeRole(admin, staff.id, 'admin')).json().user.role).toBe('admin');
  });

  it('records the change with the values before and after; the same role again records nothing', async () => {
    const user = await addUser(admin, { name: 'Tolu Audit' });
    expect((await changeRole(admin, user.id, 'manager')).statusCode).toBe(200);
    expect((await changeRole(admin, user.id, 'manager')).statusCode).toBe(200);
    const entries = await auditEntries(admin, { kind: 'user.role_changed', userId: user.id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { id: admin.userId },
      target: { type: 'user', id: user.id, label: `Tolu Audit <${user.email}>` },
      before: { role: 'user', staffId: null },
      after: { role: 'manager', staffId: null },
    });
  });
});
