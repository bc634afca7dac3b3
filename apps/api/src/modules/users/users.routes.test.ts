import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import { savingsAccounts, users } from '../../db/schema.ts';
import { createTestContext, uniqueEmail, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { addUser, auditEntries, signInAs } from './users-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin');
});
afterAll(async () => ctx?.close());

const db = () => ctx.app.kobo.database.db;
const valid = () => ({ email: uniqueEmail('new'), name: 'Chika Eze', password: 'secret1', role: 'manager' });

describe('adding a user (SPEC 5 "Add user", SPEC 8 "Users")', () => {
  it.each([
    ['a body without email or password', {}, MESSAGES.emailAndPasswordRequired, 'email'],
    ['a body without a password', { email: 'a@b.co', name: 'A', role: 'user' }, MESSAGES.emailAndPasswordRequired, 'password'],
    ['an empty form', { email: '', name: '', password: '', role: '' }, MESSAGES.addUserEmailRequired, 'email'],
    ['then the name', { email: 'a@b.co', name: '  ', password: '', role: '' }, MESSAGES.addUserNameRequired, 'name'],
    ['then the password', { email: 'a@b.co', name: 'Ada', password: '', role: '' }, MESSAGES.addUserPasswordRequired, 'password'],
    ['then the role', { email: 'a@b.co', name: 'Ada', password: 'x', role: '' }, MESSAGES.addUserRoleRequired, 'role'],
    ['then a malformed email', { email: 'not-an-email', name: 'Ada', password: 'x', role: 'user' }, MESSAGES.addUserInvalidEmail, 'email'],
    ['then a short password', { email: 'a@b.co', name: 'Ada', password: '12345', role: 'user' }, MESSAGES.passwordTooShort, 'password'],
    ['then a password of spaces', { email: 'a@b.co', name: 'Ada', password: '  ab    ', role: 'user' }, MESSAGES.addUserWeakPassword, 'password'],
    ['then an unknown role', { email: 'a@b.co', name: 'Ada', password: 'secret1', role: 'owner' }, MESSAGES.addUserInvalidRole, 'role'],
  ])('refuses %s with the spec’s message, in order', async (_name, body, message, field) => {
    const response = await admin.post('/api/users', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION', message, field });
  });

  it('creates an active account with the chosen role that can sign in, and records it', async () => {
    const body = { ...valid(), email: `  Mixed.Case.${Date.now()}@Kobo.TEST ` };
    const response = await admin.post('/api/users', body);
    expect(response.statusCode, response.body).toBe(201);
    const { user, message } = response.json();
    expect(message).toBe(MESSAGES.userAdded);
    expect(user).toMatchObject({ name: 'Chika Eze', email: body.email.trim().toLowerCase(), role: 'manager', active: true, status: 'active', staffId: null });

    const signedIn = await signInAs(ctx.client(), user.email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.role).toBe('manager');

    const [entry] = await auditEntries(admin, { kind: 'user.created', userId: user.id });
    expect(entry).toMatchObject({
      kind: 'user.created',
      actor: { id: admin.userId, email: admin.email },
      target: { type: 'user', id: user.id },
      before: null,
      after: { name: 'Chika Eze', email: user.email, role: 'manager', active: true },
    });
    // The password never reaches the log.
    expect(JSON.stringify(entry)).not.toContain('secret1');
  });

  it('refuses an email that has an account, whatever its case, with the add-user message', async () => {
    const first = await addUser(admin);
    const response = await admin.post('/api/users', { ...valid(), email: first.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'USER_EMAIL_IN_USE', message: MESSAGES.addUserEmailInUse, field: 'email' });
    expect((await db().select().from(users).where(eq(users.email, first.email))).length).toBe(1);
  });

  it('gives a new staff member a staff ID and a zero-balance savings account', async () => {
    const staff = await addUser(admin, { role: 'staff', name: 'Bola Staff' });
    expect(staff.staffId).toMatch(/^STF\d{3,}$/);
    expect(staff.accessLevel).toBe('readonly');
    const [account] = await db().select().from(savingsAccounts).where(eq(savingsAccounts.userId, staff.id));
    expect(account).toMatchObject({ balanceKobo: 0, staffId: staff.staffId, holderName: 'Bola Staff' });
    const next = await addUser(admin, { role: 'staff' });
    expect(Number(next.staffId?.slice(3))).toBe(Number(staff.staffId?.slice(3)) + 1);
  });

  it('is for administrators only', async () => {
    for (const role of ['manager', 'user', 'staff'] as const) {
      const caller = await ctx.signedIn(role);
      expect((await caller.post('/api/users', valid())).statusCode).toBe(403);
      expect((await caller.get('/api/users')).statusCode).toBe(403);
    }
  });
});

describe('the users table: search, sort and paging', () => {
  let names: string[];
  beforeAll(async () => {
    names = ['Zainab Musa', 'adaeze Okafor', 'Musa Bello', 'Emeka Nwosu'];
    for (const [index, name] of names.entries()) {
      await addUser(admin, { name, email: `table.${index}.${Date.now()}@list.test`, role: index === 2 ? 'staff' : 'user' });
    }
  });

  it('searches name, email and staff ID, case-insensitively, with the total', async () => {
    const byName = (await admin.get('/api/users?search=MUSA')).json();
    expect(byName.users.map((user: { name: string }) => user.name).toSorted()).toEqual(['Musa Bello', 'Zainab Musa']);
    expect(byName.total).toBe(2);
    const byEmail = (await admin.get('/api/users?search=%40list.test&pageSize=100')).json();
    expect(byEmail.total).toBe(4);
    const staffId = byName.users.find((user: { name: string }) => user.name === 'Musa Bello').staffId;
    const byStaffId = (await admin.get(`/api/users?search=${staffId}`)).json();
    expect(byStaffId.users.map((user: { name: string }) => user.name)).toEqual(['Musa Bello']);
    // % and _ are searched for as themselves.
    expect((await admin.get('/api/users?search=%25')).json().total).toBe(0);
  });

  it('sorts by name (case-insensitive) either way, and by role and status', async () => {
    const asc = (await admin.get('/api/users?search=%40list.test&sort=name&order=asc')).json();
    expect(asc.users.map((user: { name: string }) => user.name)).toEqual(['adaeze Okafor', 'Emeka Nwosu', 'Musa Bello', 'Zainab Musa']);
    const desc = (await admin.get('/api/users?search=%40list.test&sort=name&order=desc')).json();
    expect(desc.users.map((user: { name: string }) => user.name)).toEqual(['Zainab Musa', 'Musa Bello', 'Emeka Nwosu', 'adaeze Okafor']);
    const byRole = (await admin.get('/api/users?search=%40list.test&sort=role&order=desc')).json();
    expect(byRole.users[0].role).toBe('user');
    expect(byRole.users.at(-1).role).toBe('staff');
    const musa = asc.users.find((user: { name: string }) => user.name === 'Musa Bello');
    await admin.post(`/api/users/${musa.id}/deactivate`);
    const byStatus = (await admin.get('/api/users?search=%40list.test&sort=status&order=desc')).json();
    expect(byStatus.users[0]).toMatchObject({ name: 'Musa Bello', status: 'inactive' });
  });

  it('pages with a page size, and filters by role', async () => {
    const first = (await admin.get('/api/users?search=%40list.test&pageSize=3&page=1')).json();
    const second = (await admin.get('/api/users?search=%40list.test&pageSize=3&page=2')).json();
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.users).toHaveLength(3);
    expect(second.users).toHaveLength(1);
    expect(new Set([...first.users, ...second.users].map((user: { id: string }) => user.id)).size).toBe(4);
    const staffOnly = (await admin.get('/api/users?search=%40list.test&role=staff')).json();
    expect(staffOnly.users.map((user: { role: string }) => user.role)).toEqual(['staff']);
  });

  it('refuses a page size above 100 and an unknown sort', async () => {
    expect((await admin.get('/api/users?pageSize=101')).statusCode).toBe(400);
    expect((await admin.get('/api/users?sort=password')).statusCode).toBe(400);
  });
});
