import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUDIT_KINDS, MESSAGES, type AuditEntryView } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { postgresErrorOf } from '../../db/errors.ts';
import { createTestContext, uniqueEmail, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { addCategory } from '../expenses/expense-fixtures.ts';
import { addStaff, deposit, expectNoLedgerDrift, post, setApprovalSettings, transfer } from '../savings/savings-test-support.ts';
import { addUser, auditEntries, changeRole, deactivate, deleteUser, reactivate } from '../users/users-test-support.ts';

let clock = new Date('2026-11-10T09:00:00Z');
let ctx: TestContext;
let admin: SignedInClient;
let manager: SignedInClient;
beforeAll(async () => {
  ctx = await createTestContext({}, () => clock);
  admin = await ctx.signedIn('admin');
  manager = await ctx.signedIn('manager');
});
afterAll(async () => {
  if (ctx) await expectNoLedgerDrift(ctx);
  await ctx?.close();
});

const db = () => ctx.app.kobo.database.db;
const auditCount = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from audit_log`))[0]?.n ?? 0;

describe('what the audit log records (issue 5)', () => {
  it('records staff created, deposits, withdrawals and transfers with balances before and after', async () => {
    const bola = await addStaff(admin, { name: 'Bola Staff' });
    const ade = await addStaff(admin, { name: 'Ade Staff' });
    await deposit(admin, bola.userId, '100.50');
    expect((await post(admin, { userId: bola.userId, type: 'withdrawal', amount: '0.50', description: 'Bus fare' })).statusCode).toBe(201);
    expect((await transfer(admin, { fromUserId: bola.userId, toUserId: ade.userId, amount: 40 })).statusCode).toBe(201);

    const [created] = await auditEntries(admin, { kind: 'staff.created', userId: bola.userId });
    expect(created).toMatchObject({
      actor: { id: admin.userId, email: admin.email },
      target: { type: 'user', id: bola.userId, label: `Bola Staff <${bola.email}>` },
      before: null,
      after: { name: 'Bola Staff', role: 'staff', staffId: bola.staffId, savingsAccountOpened: true },
    });
    const entries = await auditEntries(admin, { userId: bola.userId });
    expect(entries.map((entry) => entry.kind)).toEqual(['savings.transfer', 'savings.withdrawal', 'savings.deposit', 'staff.created']);
    const [moved, withdrawn, deposited] = entries;
    expect(deposited).toMatchObject({
      target: { type: 'savings_account', id: bola.accountId, label: `Bola Staff (${bola.staffId})` },
      before: { balanceKobo: 0 },
      after: { balanceKobo: 10050, amountKobo: 10050, type: 'deposit' },
      at: clock.toISOString(),
    });
    expect(withdrawn).toMatchObject({ before: { balanceKobo: 10050 }, after: { balanceKobo: 10000, amountKobo: 50, description: 'Bus fare' } });
    expect(moved).toMatchObject({
      target: { type: 'savings_transfer', label: `Bola Staff (${bola.staffId}) → Ade Staff (${ade.staffId})` },
      before: { from: { balanceKobo: 10000 }, to: { balanceKobo: 0 } },
      after: { from: { balanceKobo: 6000 }, to: { balanceKobo: 4000 }, amountKobo: 4000 },
    });
    // The recipient finds the transfer under their name too.
    expect((await auditEntries(admin, { userId: ade.userId })).map((entry) => entry.kind)).toContain('savings.transfer');
  });

  it('records a regular user’s own posting, and a retried posting once', async () => {
    const user = await ctx.signedIn('user');
    // Members post directly here, as before issue 15 (by default their postings are requests).
    await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: true });
    const first = await post(user, { type: 'deposit', amount: 3 }, 'retry-key-1');
    const again = await post(user, { type: 'deposit', amount: 3 }, 'retry-key-1');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    const entries = await auditEntries(admin, { userId: user.userId, kind: 'savings.deposit' });
    expect(entries).toHaveLength(1);
    expect(entries[0]?.actor.id).toBe(user.userId);
    await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: false });
  });

  it('records categories created and deleted, and expenses edited and deleted, with before and after', async () => {
    const categoryId = await addCategory(manager, 'Diesel', { color: '#112233', icon: 'FaTint' });
    const otherCategory = await addCategory(admin, 'Water');
    const created = await manager.post('/api/expenses', { categoryId, amount: '12.00', date: '2026-11-09', description: 'Generator' });
    expect(created.statusCode, created.body).toBe(201);
    const expenseId = created.json().expense.id;
    const edited = await admin.request('PUT', `/api/expenses/${expenseId}`, {
      categoryId: otherCategory,
      amount: '15.50',
      date: '2026-11-09',
      description: 'Generator, fixed',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await admin.request('DELETE', `/api/expenses/${expenseId}`)).statusCode).toBe(200);
    expect((await manager.request('DELETE', `/api/categories/${categoryId}`)).statusCode).toBe(204);

    const [categoryCreated] = await auditEntries(admin, { kind: 'category.created', userId: manager.userId });
    expect(categoryCreated).toMatchObject({
      actor: { id: manager.userId },
      target: { type: 'category', id: categoryId, label: 'Diesel' },
      before: null,
      after: { name: 'Diesel', color: '#112233', icon: 'FaTint' },
    });
    const [categoryDeleted] = await auditEntries(admin, { kind: 'category.deleted' });
    expect(categoryDeleted).toMatchObject({ target: { id: categoryId }, before: { name: 'Diesel' }, after: null });

    const [expenseEdited] = await auditEntries(admin, { kind: 'expense.updated' });
    expect(expenseEdited).toMatchObject({
      actor: { id: admin.userId },
      target: { type: 'expense', id: expenseId, label: 'Generator · 2026-11-09' },
      before: { amountKobo: 1200, categoryName: 'Diesel', description: 'Generator', userId: manager.userId },
      after: { amountKobo: 1550, categoryName: 'Water', description: 'Generator, fixed' },
    });
    const [expenseDeleted] = await auditEntries(admin, { kind: 'expense.deleted' });
    expect(expenseDeleted).toMatchObject({ target: { id: expenseId }, before: { amountKobo: 1550 }, after: null });
    // The expense's owner finds both under their name, though the admin acted.
    const mine = (await auditEntries(admin, { userId: manager.userId })).map((entry) => entry.kind);
    expect(mine).toEqual(expect.arrayContaining(['expense.updated', 'expense.deleted', 'category.created', 'category.deleted']));
  });

  it('records nothing for a refused act', async () => {
    const staff = await addStaff(admin);
    const categoryId = await addCategory(admin, 'Busy');
    await admin.post('/api/expenses', { categoryId, amount: '1.00', date: '2026-11-09' });
    const before = await auditCount();
    expect((await post(admin, { userId: staff.userId, type: 'withdrawal', amount: 1 })).statusCode).toBe(409);
    expect((await transfer(admin, { fromUserId: staff.userId, toUserId: staff.userId, amount: 1 })).statusCode).toBe(400);
    expect((await admin.post('/api/categories', { name: 'busy' })).statusCode).toBe(409);
    expect((await admin.request('DELETE', `/api/categories/${categoryId}`)).statusCode).toBe(409);
    expect((await admin.post('/api/users', { email: staff.email, name: 'Dup', password: 'secret1', role: 'user' })).statusCode).toBe(409);
    expect((await changeRole(admin, admin.userId, 'user')).statusCode).toBe(403);
    expect(await auditCount()).toBe(before);
  });

  it('writes the entry in the act’s own transaction: when the entry fails, the act does not happen', async () => {
    const counter = async () => (await queryRows<{ v: string }>(db(), sql`select last_value::text as v from counters where name = 'staff_id'`))[0]?.v;
    const staffIdsBefore = await counter();
    const ghost = uniqueEmail('ghost');
    const phantom = uniqueEmail('phantom');
    await db().execute(sql`create function fail_audit() returns trigger language plpgsql as $$ begin raise exception 'audit down'; end $$`);
    await db().execute(sql`create trigger audit_down before insert on audit_log for each row execute function fail_audit()`);
    try {
      expect((await admin.post('/api/categories', { name: 'Never Saved' })).statusCode).toBe(500);
      expect((await admin.post('/api/users', { email: ghost, name: 'Ghost', password: 'secret1', role: 'staff' })).statusCode).toBe(500);
      expect((await admin.post('/api/savings/staff', { email: phantom, name: 'Phantom', password: 'secret1' })).statusCode).toBe(500);
    } finally {
      await db().execute(sql`drop trigger audit_down on audit_log`);
      await db().execute(sql`drop function fail_audit()`);
    }
    expect(await queryRows(db(), sql`select 1 from categories where name = 'Never Saved'`)).toEqual([]);
    expect(await queryRows(db(), sql`select 1 from users where email in (${ghost}, ${phantom})`)).toEqual([]);
    expect(await counter()).toBe(staffIdsBefore);
  });
});

function kindsOf(entries: AuditEntryView[]) {
  return entries.map((entry) => entry.kind);
}

describe('reading the audit log', () => {
  let subject: { id: string };
  beforeAll(async () => {
    clock = new Date('2026-10-01T08:00:00Z');
    subject = await addUser(admin, { name: 'Filter Subject' });
    clock = new Date('2026-10-02T22:59:59Z'); // 23:59:59 on 2 October in Lagos
    await changeRole(admin, subject.id, 'manager');
    clock = new Date('2026-10-02T23:00:00Z'); // 00:00 on 3 October in Lagos
    await deactivate(admin, subject.id);
    clock = new Date('2026-10-05T12:00:00Z');
    await reactivate(admin, subject.id);
    clock = new Date('2026-11-10T09:00:00Z');
  });

  it('filters by person, newest first', async () => {
    expect(kindsOf(await auditEntries(admin, { userId: subject.id }))).toEqual([
      'user.reactivated',
      'user.deactivated',
      'user.role_changed',
      'user.created',
    ]);
  });

  it('filters by kind', async () => {
    const entries = await auditEntries(admin, { kind: 'user.deactivated', userId: subject.id });
    expect(kindsOf(entries)).toEqual(['user.deactivated']);
  });

  it('filters by whole days in the organisation’s time zone, both inclusive', async () => {
    expect(kindsOf(await auditEntries(admin, { userId: subject.id, from: '2026-10-01', to: '2026-10-02' }))).toEqual([
      'user.role_changed',
      'user.created',
    ]);
    expect(kindsOf(await auditEntries(admin, { userId: subject.id, from: '2026-10-03', to: '2026-10-03' }))).toEqual(['user.deactivated']);
    expect(kindsOf(await auditEntries(admin, { userId: subject.id, from: '2026-10-04' }))).toEqual(['user.reactivated']);
    expect(kindsOf(await auditEntries(admin, { userId: subject.id, to: '2026-10-01' }))).toEqual(['user.created']);
  });

  it('refuses an end before the start, a bad date, an unknown kind and a bad cursor', async () => {
    const backwards = await admin.get('/api/audit?from=2026-10-05&to=2026-10-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe(MESSAGES.endBeforeStart);
    expect((await admin.get('/api/audit?from=2026-02-30')).json().message).toBe(MESSAGES.invalidDate);
    expect((await admin.get('/api/audit?kind=user.renamed')).statusCode).toBe(400);
    expect((await admin.get('/api/audit?cursor=abc')).statusCode).toBe(400);
    expect((await admin.get('/api/audit?limit=101')).statusCode).toBe(400);
  });

  it('pages newest first with a cursor, without gaps or repeats, also when entries share a time', async () => {
    const total = await auditCount();
    const seen: AuditEntryView[] = [];
    let cursor: string | null = null;
    do {
      const response = await admin.get(`/api/audit?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page: { entries: AuditEntryView[]; nextCursor: string | null } = response.json();
      seen.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(total);
    const times = seen.map((entry) => entry.at);
    expect(times).toEqual(times.toSorted().toReversed());
    expect(AUDIT_KINDS).toEqual(expect.arrayContaining([...new Set(seen.map((entry) => entry.kind))]));
  });

  it('is for administrators only', async () => {
    for (const role of ['manager', 'user', 'staff'] as const) {
      expect((await (await ctx.signedIn(role)).get('/api/audit')).statusCode).toBe(403);
    }
  });
});

describe('nobody can change the audit log', () => {
  it('has no endpoint that writes it', async () => {
    const [entry] = await auditEntries(admin);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect((await admin.request(method, '/api/audit', {})).statusCode).toBe(404);
      expect((await admin.request(method, `/api/audit/${entry?.id}`, {})).statusCode).toBe(404);
    }
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const before = await auditCount();
    for (const statement of [sql`update audit_log set actor_name = 'someone else'`, sql`delete from audit_log`, sql`truncate audit_log`]) {
      const error = await db().execute(statement).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(postgresErrorOf(error)?.code).toBe('42501');
    }
    expect(await auditCount()).toBe(before);
    expect(await queryRows(db(), sql`select 1 from audit_log where actor_name = 'someone else'`)).toEqual([]);
  });

  it('keeps the entries of a user who is deleted, with their name as it was', async () => {
    const other = await addUser(admin, { role: 'admin', name: 'Leaving Admin' });
    const otherClient = ctx.client();
    await otherClient.post('/api/auth/sign-in', { email: other.email, password: 'secret1' });
    const someone = await addUser(otherClient, { name: 'Made By Leaver' });
    expect((await deleteUser(admin, other.id)).statusCode).toBe(200);
    const [entry] = await auditEntries(admin, { kind: 'user.created', userId: someone.id });
    expect(entry?.actor).toEqual({ id: other.id, name: 'Leaving Admin', email: other.email });
  });
});
