import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { savingsAccounts, users } from '../../db/schema.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { expectNoRowsWritten } from '../../test/row-counts.ts';
import { addStaff } from '../savings/savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin');
});
afterAll(async () => ctx?.close());

const db = () => ctx.app.kobo.database.db;

/** A staff member with a savings account, signed in through the sign-in route as themselves. */
async function signedInStaff(name: string) {
  const staff = await addStaff(admin, { name, password: 'secret1' });
  const client = ctx.client();
  const signIn = await client.post('/api/auth/sign-in', { email: staff.email, password: 'secret1' });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return { client, staff };
}

async function userRow(userId: string) {
  const [row] = await db().select().from(users).where(eq(users.id, userId));
  return row;
}

describe('Edit details on /profile', () => {
  it('saves your name and phone, answers with you as you now are, and the savings screens show the new name', async () => {
    const { client, staff } = await signedInStaff('Bola Staff');
    const response = await client.request('PATCH', '/api/account/profile', { name: '  Bola Adeyemi ', phoneNumber: '+234 (803) 555-0101' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Your details have been saved.',
      user: { id: staff.userId, name: 'Bola Adeyemi', phoneNumber: '+234 (803) 555-0101', email: staff.email, role: 'staff' },
    });
    expect((await client.get('/api/auth/session')).json().user).toMatchObject({ name: 'Bola Adeyemi', phoneNumber: '+234 (803) 555-0101' });

    // The copy on the savings account follows, in the same act.
    const [account] = await db().select().from(savingsAccounts).where(eq(savingsAccounts.userId, staff.userId));
    expect(account?.holderName).toBe('Bola Adeyemi');
    const holders = await admin.get(`/api/savings/holders?search=${encodeURIComponent(staff.staffId ?? '')}`);
    expect(holders.json().holders).toEqual([expect.objectContaining({ userId: staff.userId, name: 'Bola Adeyemi', phoneNumber: '+234 (803) 555-0101' })]);
    const detail = await admin.get(`/api/savings/accounts/${staff.staffId}`);
    expect(detail.json().account).toMatchObject({ holderName: 'Bola Adeyemi', staffId: staff.staffId });
  });

  it('clears the phone number when it is left blank', async () => {
    const { client, staff } = await signedInStaff('Chi Staff');
    await client.request('PATCH', '/api/account/profile', { name: 'Chi Staff', phoneNumber: '08035550102' });
    const cleared = await client.request('PATCH', '/api/account/profile', { name: 'Chi Staff', phoneNumber: '   ' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().user.phoneNumber).toBeNull();
    expect((await userRow(staff.userId))?.phoneNumber).toBeNull();
  });

  it('records the change in the audit log, with the values before and after', async () => {
    const user = await ctx.signedIn('user');
    expect((await user.request('PATCH', '/api/account/profile', { name: 'Dayo Okafor', phoneNumber: '0803 555 0103' })).statusCode).toBe(200);
    const entries = await queryRows<{ actor_id: string; target_id: string; before: unknown; after: unknown }>(
      db(),
      sql`select actor_id, target_id, before, after from audit_log where kind = 'user.details_changed' and actor_id = ${user.userId}`,
    );
    expect(entries).toEqual([
      {
        actor_id: user.userId,
        target_id: user.userId,
        before: { name: 'Test user', phoneNumber: null },
        after: { name: 'Dayo Okafor', phoneNumber: '0803 555 0103' },
      },
    ]);
  });

  it('writes nothing when nothing changed', async () => {
    const user = await ctx.signedIn('manager');
    await expectNoRowsWritten(db(), async () => {
      const response = await user.request('PATCH', '/api/account/profile', { name: 'Test manager', phoneNumber: '' });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.name).toBe('Test manager');
    });
  });

  it.each([
    ['an empty name', { name: '   ', phoneNumber: '' }, 400, { error: 'VALIDATION', message: 'Please enter your name', field: 'name' }],
    ['a 10,000-character name', { name: 'a'.repeat(10_000), phoneNumber: '' }, 400, { error: 'VALIDATION', message: 'Name must be at most 100 characters', field: 'name' }],
    ['a name of 101 characters', { name: 'b'.repeat(101), phoneNumber: '' }, 400, { error: 'VALIDATION', message: 'Name must be at most 100 characters', field: 'name' }],
    ['a NUL byte in the name', { name: 'Ada\u0000Obi', phoneNumber: '' }, 400, { error: 'UNSUPPORTED_CHARACTERS', message: MESSAGES.unsupportedCharacters }],
    ['a lone surrogate in the name', { name: 'Ada \uD800', phoneNumber: '' }, 400, { error: 'UNSUPPORTED_CHARACTERS', message: MESSAGES.unsupportedCharacters }],
    ['a phone number with letters', { name: 'Ada Obi', phoneNumber: 'call me' }, 400, { error: 'VALIDATION', message: 'Please enter a valid phone number', field: 'phoneNumber' }],
    ['a phone number of 31 characters', { name: 'Ada Obi', phoneNumber: '1'.repeat(31) }, 400, { error: 'VALIDATION', message: 'Please enter a valid phone number', field: 'phoneNumber' }],
    ['a name that is not text', { name: 42, phoneNumber: '' }, 400, { error: 'VALIDATION', field: 'name' }],
  ])('refuses %s and changes nothing', async (_label, body, status, answer) => {
    const { client, staff } = await signedInStaff('Efe Staff');
    const before = await userRow(staff.userId);
    await expectNoRowsWritten(db(), async () => {
      const response = await client.request('PATCH', '/api/account/profile', body);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject(answer);
    });
    expect(await userRow(staff.userId)).toEqual(before);
    const [account] = await db().select().from(savingsAccounts).where(eq(savingsAccounts.userId, staff.userId));
    expect(account?.holderName).toBe('Efe Staff');
  });

  it('is refused to a visitor', async () => {
    const response = await ctx.client().request('PATCH', '/api/account/profile', { name: 'Nobody' });
    expect(response.statusCode).toBe(401);
  });
});
