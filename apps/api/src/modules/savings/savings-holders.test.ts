import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { uniqueEmail, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { addStaff, deposit, openSavingsContext } from './savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened));

describe('Add New Staff', () => {
  it('creates a readonly, active staff account with the next staff ID and a zero balance, able to sign in', async () => {
    const email = uniqueEmail('new.staff');
    const staff = await addStaff(admin, { email: email.toUpperCase(), name: ' Ngozi Obi ', phoneNumber: '+234 803 000 0000' });
    expect(staff).toMatchObject({ email, name: 'Ngozi Obi', role: 'staff', staffId: 'STF001', phoneNumber: '+234 803 000 0000', active: true, balanceKobo: 0 });
    expect(staff.accountId).toEqual(expect.any(String));
    expect((await addStaff(admin)).staffId).toBe('STF002');

    const client = ctx.client();
    expect((await client.post('/api/auth/sign-in', { email, password: 'secret1' })).statusCode).toBe(200);
    const session = (await client.get('/api/auth/session')).json().user;
    expect(session).toMatchObject({ role: 'staff', accessLevel: 'readonly', status: 'active', staffId: 'STF001' });
    const mine = (await client.get('/api/savings/me')).json();
    expect(mine).toMatchObject({ account: { staffId: 'STF001', holderName: 'Ngozi Obi', balanceKobo: 0 }, transactions: [] });
  });

  it.each([
    ['a malformed email first', { email: 'nope', password: '1', name: '' }, MESSAGES.staffInvalidEmail, 'email'],
    ['then a short password', { password: '12345', name: '' }, MESSAGES.staffWeakPassword, 'password'],
    ['then a missing name', { name: '   ' }, MESSAGES.staffNameRequired, 'name'],
    ['then a malformed phone', { phoneNumber: 'call me' }, MESSAGES.staffInvalidPhone, 'phoneNumber'],
  ])('checks in order: %s', async (_label, overrides, message, field) => {
    const body = { email: uniqueEmail('s'), password: 'secret1', name: 'Tunde', ...overrides };
    const response = await admin.post('/api/savings/staff', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message, field });
  });

  it('refuses a registered email with the create-staff message, writing nothing and using no staff ID', async () => {
    const taken = await ctx.signedIn('user');
    const response = await admin.post('/api/savings/staff', { email: taken.email, password: 'secret1', name: 'Dup' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'STAFF_EMAIL_IN_USE', message: MESSAGES.staffEmailInUse, field: 'email' });
    const next = await addStaff(admin);
    expect(Number(next.staffId?.slice(3))).toBe(3);
  });
});

describe('the staff picker', () => {
  it('lists everyone who is not an admin with balances, searchable by name, email or role', async () => {
    const manager = await ctx.signedIn('manager');
    const amaka = await addStaff(admin, { name: 'Amaka Zulu' });
    await deposit(admin, amaka.userId, 42);
    const all = (await admin.get('/api/savings/holders')).json().holders;
    expect(all.some((holder: { role: string }) => holder.role === 'admin')).toBe(false);
    expect(all.find((holder: { userId: string }) => holder.userId === manager.userId)).toMatchObject({ accountId: null, balanceKobo: 0 });
    expect(all.find((holder: { userId: string }) => holder.userId === amaka.userId)).toMatchObject({ balanceKobo: 4200 });

    const byName = (await admin.get('/api/savings/holders?search=amaka%20z')).json().holders;
    expect(byName.map((holder: { userId: string }) => holder.userId)).toEqual([amaka.userId]);
    const byEmail = (await admin.get(`/api/savings/holders?search=${encodeURIComponent(manager.email.toUpperCase())}`)).json().holders;
    expect(byEmail.map((holder: { userId: string }) => holder.userId)).toEqual([manager.userId]);
    const byRole = (await admin.get('/api/savings/holders?search=manag')).json().holders;
    expect(byRole.every((holder: { role: string }) => holder.role === 'manager')).toBe(true);
    expect((await admin.get('/api/savings/holders?search=%25')).json().holders).toEqual([]);
    const recipients = (await admin.get(`/api/savings/holders?excludeUserId=${amaka.userId}`)).json().holders;
    expect(recipients.some((holder: { userId: string }) => holder.userId === amaka.userId)).toBe(false);
  });
});

describe('my savings', () => {
  it('refuses managers and admins with the savings message', async () => {
    for (const client of [await ctx.signedIn('manager'), admin]) {
      const response = await client.get('/api/savings/me');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.savingsNotAuthorized);
    }
  });

  it('shows a staff member their balance, last update and history, newest first', async () => {
    const staff = await addStaff(admin, { email: uniqueEmail('me'), password: 'secret1' });
    await deposit(admin, staff.userId, 10);
    await deposit(admin, staff.userId, 20);
    const client = ctx.client();
    await client.post('/api/auth/sign-in', { email: staff.email, password: 'secret1' });
    const mine = (await client.get('/api/savings/me')).json();
    expect(mine.account).toMatchObject({ balanceKobo: 3000, staffId: staff.staffId });
    expect(mine.transactions.map((row: { amountKobo: number }) => row.amountKobo)).toEqual([2000, 1000]);
    expect(mine.account.lastUpdated).toBe(mine.transactions[0].createdAt);
    expect((await client.get('/api/savings/me?limit=1')).json().transactions).toHaveLength(1);
  });
});
