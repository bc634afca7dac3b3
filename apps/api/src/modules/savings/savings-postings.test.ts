import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES, type SavingsHolderListItem } from '@kobo/core';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { postgresErrorOf } from '../../db/errors.ts';
import { addStaff, balanceOf, deposit, expectNoLedgerDrift, post, setApprovalSettings } from './savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
let staff: SavingsHolderListItem;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin');
  staff = await addStaff(admin, { name: 'Chidi Okafor' });
  // These tests are about posting itself: members post directly, the old behaviour (issue 15 made
  // their postings requests by default; requests/member-requests.test.ts covers that).
  await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: true });
});
afterAll(async () => {
  if (ctx) await expectNoLedgerDrift(ctx);
  await ctx?.close();
});

describe('deposits and withdrawals by an admin', () => {
  it('posts a deposit and a withdrawal, keeping the balance and the history', async () => {
    const first = await deposit(admin, staff.userId, '1,500.50');
    expect(first.account).toMatchObject({ userId: staff.userId, staffId: staff.staffId, holderName: 'Chidi Okafor', balanceKobo: 150050 });
    expect(first.transaction).toMatchObject({
      type: 'deposit',
      amountKobo: 150050,
      description: null,
      createdByEmail: admin.email,
      processedByEmail: admin.email,
      transferId: null,
    });
    const withdrawal = await post(admin, { userId: staff.userId, type: 'withdrawal', amount: 500.5, description: '  School fees ' });
    expect(withdrawal.statusCode).toBe(201);
    expect(withdrawal.json().transaction).toMatchObject({ type: 'withdrawal', amountKobo: 50050, description: 'School fees' });
    expect(withdrawal.json().account.balanceKobo).toBe(100000);
    expect(await balanceOf(admin, staff.staffId ?? '')).toBe(100000);
  });

  it('refuses a withdrawal above the balance and changes nothing', async () => {
    const before = await balanceOf(admin, staff.userId);
    const response = await post(admin, { userId: staff.userId, type: 'withdrawal', amount: before / 100 + 0.01 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'INSUFFICIENT_BALANCE', message: MESSAGES.insufficientBalanceForWithdrawal, field: 'amount' });
    expect(await balanceOf(admin, staff.userId)).toBe(before);
    const exact = await post(admin, { userId: staff.userId, type: 'withdrawal', amount: before / 100 });
    expect(exact.json().account.balanceKobo).toBe(0);
    await deposit(admin, staff.userId, 100);
  });

  it.each([
    ['zero', 0],
    ['a negative amount', -5],
    ['three decimals', '1.005'],
    ['text', 'abc'],
    ['nothing', undefined],
    ['more than the cap', '1000000000000.01'],
  ])('answers %s with the spec message, checked before the staff member', async (_label, amount) => {
    const response = await post(admin, { type: 'deposit', amount });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: MESSAGES.enterValidAmount, field: 'amount' });
  });

  it('asks an admin to select a staff member, and refuses an unknown type', async () => {
    const missing = await post(admin, { type: 'deposit', amount: 10 });
    expect(missing.json()).toEqual({ error: 'VALIDATION', message: MESSAGES.selectStaffMember, field: 'userId' });
    const badType = await post(admin, { userId: staff.userId, type: 'transfer_in', amount: 10 });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe(MESSAGES.chooseTransactionType);
  });

  it('finds no savings account for an admin or an unknown person', async () => {
    for (const userId of [admin.userId, 'no-such-user']) {
      const response = await post(admin, { userId, type: 'deposit', amount: 10 });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MESSAGES.noSavingsAccount);
    }
  });
});

describe('who may post', () => {
  it('lets a regular user post on their own account only, opened at zero when first needed', async () => {
    const user = await ctx.signedIn('user');
    const own = await post(user, { type: 'deposit', amount: 20 });
    expect(own.statusCode).toBe(201);
    expect(own.json().transaction).toMatchObject({ createdByEmail: user.email, processedByEmail: null });
    expect(own.json().account).toMatchObject({ userId: user.userId, balanceKobo: 2000, staffId: null });
    expect((await post(user, { userId: user.userId, type: 'withdrawal', amount: 5 })).statusCode).toBe(201);
    const other = await post(user, { userId: staff.userId, type: 'deposit', amount: 5 });
    expect(other.statusCode).toBe(403);
    const overdraw = await post(user, { type: 'withdrawal', amount: 100 });
    expect(overdraw.json().message).toBe(MESSAGES.insufficientBalanceForWithdrawal);
  });

  it.each(['staff', 'manager'] as const)('refuses a %s with the savings message, whatever the body', async (role) => {
    const client = await ctx.signedIn(role);
    for (const body of [{ type: 'deposit', amount: 10 }, {}]) {
      const response = await post(client, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.savingsNotAuthorized);
    }
  });
});

describe('Idempotency-Key', () => {
  it('posts once and answers every retry with the first result', async () => {
    const before = await balanceOf(admin, staff.userId);
    const body = { userId: staff.userId, type: 'deposit', amount: '7.25' };
    const first = await post(admin, body, 'retry-1');
    const again = await post(admin, { ...body, amount: 7.25 }, 'retry-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(admin, staff.userId)).toBe(before + 725);
  });

  it('refuses the same key with a different body, and keys are per caller', async () => {
    await post(admin, { userId: staff.userId, type: 'deposit', amount: 1 }, 'retry-2');
    const changed = await post(admin, { userId: staff.userId, type: 'deposit', amount: 2 }, 'retry-2');
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(MESSAGES.idempotencyKeyReused);
    const user = await ctx.signedIn('user');
    expect((await post(user, { type: 'deposit', amount: 2 }, 'retry-2')).statusCode).toBe(201);
  });

  it('stores nothing for a refused posting, and refuses a malformed key', async () => {
    const body = { userId: staff.userId, type: 'withdrawal', amount: '999999999' };
    expect((await post(admin, body, 'retry-3')).statusCode).toBe(409);
    await deposit(admin, staff.userId, '999999999');
    expect((await post(admin, body, 'retry-3')).statusCode).toBe(201);
    const malformed = await post(admin, { userId: staff.userId, type: 'deposit', amount: 1 }, 'has space');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MESSAGES.idempotencyKeyInvalid);
  });
});

describe('the ledger is append-only', () => {
  it('has no endpoint that edits or deletes a transaction', async () => {
    const { transaction } = await deposit(admin, staff.userId, 3);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [`/api/savings/transactions/${transaction.id}`, '/api/savings/transactions']) {
        expect((await admin.request(method, url, { amount: 1 })).statusCode).toBe(404);
      }
    }
  });

  it('refuses updates and deletes in the database itself', async () => {
    const db = ctx.app.kobo.database.db;
    for (const statement of [sql`update savings_transactions set amount_kobo = 1`, sql`delete from savings_transactions`]) {
      const error = await db.execute(statement).then(() => null, (caught: unknown) => caught);
      expect(postgresErrorOf(error)?.code).toBe('42501');
    }
    const overdrawn = await db.execute(sql`update savings_accounts set balance_kobo = -1`).then(() => null, (caught: unknown) => caught);
    expect(postgresErrorOf(overdrawn)?.code).toBe('23514');
  });
});
