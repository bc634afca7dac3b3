import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kobo/core';
import { createTestContext, uniqueEmail, type SignedInClient, type TestContext } from '../test/test-app.ts';
import { auditEntries, signInAs } from '../modules/users/users-test-support.ts';
import { addStaff, deposit } from '../modules/savings/savings-test-support.ts';
import { COMMAND_LINE_ACTOR, createAdministrator, promoteToAdministrator } from './admin-commands.ts';

let ctx: TestContext;
let admin: SignedInClient;
const at = new Date('2026-11-23T09:00:00.000Z');
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin');
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.app.kobo.database.db;

describe('npm run admin -- create', () => {
  it('creates an active administrator who can sign in, and records who did it', async () => {
    const email = uniqueEmail('Ada');
    const created = await createAdministrator(db(), { email, name: 'Ada Obi', password: 'a-long-secret' }, at);
    expect(created).toMatchObject({ email: email.toLowerCase(), role: 'admin', active: true });
    expect((await signInAs(ctx.client(), email, 'a-long-secret')).statusCode).toBe(200);

    const [entry] = await auditEntries(admin, { kind: 'user.created', userId: created.id });
    expect(entry).toMatchObject({
      actor: COMMAND_LINE_ACTOR,
      target: { type: 'user', id: created.id, label: `Ada Obi <${email.toLowerCase()}>` },
      after: { role: 'admin', active: true },
      at: at.toISOString(),
    });
  });

  it('refuses an email that already has an account, and writes nothing', async () => {
    const before = (await auditEntries(admin, { kind: 'user.created' })).length;
    await expect(createAdministrator(db(), { email: admin.email.toUpperCase(), name: 'Again', password: 'secret1' }, at)).rejects.toThrow(
      MESSAGES.emailInUse,
    );
    expect((await auditEntries(admin, { kind: 'user.created' })).length).toBe(before);
  });
});

describe('npm run admin -- promote', () => {
  it('makes a regular user, or a deactivated manager, an active administrator, with an audit entry', async () => {
    const user = await ctx.signedIn('user');
    const promoted = await promoteToAdministrator(db(), `  ${user.email.toUpperCase()} `, at);
    expect(promoted).toMatchObject({ id: user.userId, role: 'admin', active: true, accessLevel: 'full' });
    const [changed] = await auditEntries(admin, { kind: 'user.role_changed', userId: user.userId });
    expect(changed).toMatchObject({ actor: COMMAND_LINE_ACTOR, before: { role: 'user' }, after: { role: 'admin', active: true } });

    const manager = await ctx.signedIn('manager');
    await ctx.setActive(manager.userId, false);
    expect(await promoteToAdministrator(db(), manager.email, at)).toMatchObject({ role: 'admin', active: true });
    expect((await admin.get('/api/users?search=' + encodeURIComponent(manager.email))).json().users[0]).toMatchObject({ role: 'admin', active: true });
  });

  it('records nothing for someone who already is an active administrator', async () => {
    const before = (await auditEntries(admin, { userId: admin.userId })).length;
    expect(await promoteToAdministrator(db(), admin.email, at)).toMatchObject({ role: 'admin', active: true });
    expect((await auditEntries(admin, { userId: admin.userId })).length).toBe(before);
  });

  it('refuses someone who holds savings, as the Users screen does, and changes nothing', async () => {
    const staff = await addStaff(admin);
    await deposit(admin, staff.userId, '25.00');
    await expect(promoteToAdministrator(db(), staff.email, at)).rejects.toThrow(MESSAGES.adminWithSavings);
    const holders = (await admin.get('/api/savings/holders')).json().holders as { userId: string; role: string }[];
    expect(holders.find((holder) => holder.userId === staff.userId)?.role).toBe('staff');
  });

  it('says no account exists for an unknown email', async () => {
    await expect(promoteToAdministrator(db(), 'nobody@kobo.test', at)).rejects.toThrow(MESSAGES.userNotFound);
  });
});
