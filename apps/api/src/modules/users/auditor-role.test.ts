import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { uniqueEmail, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { addStaff, deposit, openSavingsContext, post, transfer } from '../savings/savings-test-support.ts';
import { addUser, changeRole, signedInAs } from './users-test-support.ts';

/** Issue 27: the auditor, made by an admin like any other role, reads the scheme and holds no savings. */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened));

describe('an admin makes an auditor', () => {
  it('adds one with a password: read-only, no staff ID, and not among the savings holders', async () => {
    const auditor = await addUser(admin, { role: 'auditor', name: 'Kemi Auditor' });
    expect(auditor).toMatchObject({ role: 'auditor', accessLevel: 'readonly', staffId: null });
    const client = await signedInAs(ctx, auditor.email);
    expect((await client.get('/api/auth/session')).json().user.role).toBe('auditor');
    expect((await client.get('/api/savings/me')).statusCode).toBe(403);
    const holders = (await admin.get(`/api/savings/holders?search=${encodeURIComponent(auditor.email)}`)).json().holders;
    expect(holders).toEqual([]);
  });

  it('invites one', async () => {
    const response = await admin.post('/api/users/invitations', { email: uniqueEmail('auditor'), name: 'Femi Auditor', role: 'auditor' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().user).toMatchObject({ role: 'auditor', staffId: null });
  });

  it('makes a user the auditor when their savings are at zero, and refuses while they are not', async () => {
    const user = await addUser(admin);
    const changed = await changeRole(admin, user.id, 'auditor');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user).toMatchObject({ role: 'auditor', accessLevel: 'readonly' });

    const staff = await addStaff(admin);
    await deposit(admin, staff.userId, 10);
    const refused = await changeRole(admin, staff.userId, 'auditor');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'AUDITOR_WITH_SAVINGS', message: MESSAGES.auditorWithSavings, field: 'role' });
    expect((await post(admin, { userId: staff.userId, type: 'withdrawal', amount: 10 })).statusCode).toBe(201);
    expect((await changeRole(admin, staff.userId, 'auditor')).json().user.role).toBe('auditor');
  });
});

describe('the auditor', () => {
  it('reads any holder’s account and statement, and is refused every posting', async () => {
    const auditor = await signedInAs(ctx, (await addUser(admin, { role: 'auditor' })).email);
    const staff = await addStaff(admin, { name: 'Bola Holder' });
    const other = await addStaff(admin);
    await deposit(admin, staff.userId, '1,250.50');

    const account = await auditor.get(`/api/savings/accounts/${staff.staffId}`);
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json().account).toMatchObject({ holderName: 'Bola Holder', balanceKobo: 125050 });
    const statement = await auditor.get(`/api/savings/statement?userId=${staff.userId}&from=2000-01-01&to=2100-12-31`);
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json()).toMatchObject({ closingBalanceKobo: 125050 });
    expect((await auditor.get('/api/savings/batches')).statusCode).toBe(200);
    expect((await auditor.get('/api/loans')).statusCode).toBe(200);

    const refusals = [
      await post(auditor, { userId: staff.userId, type: 'deposit', amount: 5 }),
      await post(auditor, { userId: staff.userId, type: 'withdrawal', amount: 5 }),
      await transfer(auditor, { fromUserId: staff.userId, toUserId: other.userId, amount: 5 }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MESSAGES.savingsNotAuthorized);
    }
    expect((await admin.get(`/api/savings/accounts/${staff.staffId}`)).json().account.balanceKobo).toBe(125050);
  });
});
