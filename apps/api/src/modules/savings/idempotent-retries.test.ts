import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SavingsHolderListItem } from '@kobo/core';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { addStaff, balanceOf, deposit, expectNoLedgerDrift, post, reverse, setApprovalSettings, transfer } from './savings-test-support.ts';

/**
 * Issue 26 (6): a phone retries while its first request is still being worked on. Twenty copies of
 * one request with one Idempotency-Key, sent at once, for money the balance covers once: one posting,
 * and every answer is that posting, never a refusal. On PGlite and on PostgreSQL.
 */
let ctx: TestContext;
let admin: SignedInClient;
let ada: SavingsHolderListItem;
let bayo: SavingsHolderListItem;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin');
  await setApprovalSettings(admin, { threshold: null, memberPostingsDirect: true });
  ada = await addStaff(admin, { name: 'Ada Eze' });
  bayo = await addStaff(admin, { name: 'Bayo Ade' });
});
afterAll(async () => {
  if (ctx) await expectNoLedgerDrift(ctx);
  await ctx?.close();
});

const COPIES = 20;

async function countRows(where: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(ctx.app.kobo.database.db, sql.raw(`select count(*)::int as n from savings_transactions where ${where}`));
  return row?.n ?? 0;
}

describe('twenty copies of one request with one key, sent at once', () => {
  it('withdraws once, and every answer is that withdrawal', async () => {
    await deposit(admin, ada.userId, '1,000.00');
    const body = { userId: ada.userId, type: 'withdrawal', amount: '1,000.00', description: 'School fees' };
    const answers = await Promise.all(Array.from({ length: COPIES }, () => post(admin, body, 'phone-retry-withdrawal')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses).toEqual(Array.from({ length: COPIES }, () => 201));
    const ids = new Set(answers.map((answer) => answer.json().transaction.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(COPIES - 1);
    expect(await balanceOf(admin, ada.userId)).toBe(0);
    expect(await countRows(`type = 'withdrawal' and description = 'School fees'`)).toBe(1);
  });

  it('transfers once, and every answer is that transfer', async () => {
    await deposit(admin, ada.userId, '500.00');
    const body = { fromUserId: ada.userId, toUserId: bayo.userId, amount: '500.00', description: 'Rent share' };
    const answers = await Promise.all(Array.from({ length: COPIES }, () => transfer(admin, body, 'phone-retry-transfer')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: COPIES }, () => 201));
    expect(new Set(answers.map((answer) => answer.json().transferId)).size).toBe(1);
    expect(await balanceOf(admin, ada.userId)).toBe(0);
    expect(await balanceOf(admin, bayo.userId)).toBe(50000);
    expect(await countRows(`type = 'transfer_out' and description = 'Rent share'`)).toBe(1);
  });

  it('reverses once, and every answer is that reversal, not "already reversed"', async () => {
    const posted = await deposit(admin, bayo.userId, '250.00');
    const body = { reason: 'Keyed twice' };
    const answers = await Promise.all(Array.from({ length: COPIES }, () => reverse(admin, posted.transaction.id, body, 'phone-retry-reversal')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: COPIES }, () => 201));
    // Every answer is the first one's, field for field (a replay's keys come back in jsonb's order).
    for (const answer of answers) expect(answer.json()).toEqual(answers[0]?.json());
    expect(await balanceOf(admin, bayo.userId)).toBe(50000);
    expect(await countRows(`reason = 'Keyed twice'`)).toBe(1);
  });

  it('still judges two different keys on their own: the second withdrawal is refused', async () => {
    await deposit(admin, bayo.userId, '0.50');
    const body = { userId: bayo.userId, type: 'withdrawal', amount: '500.50' };
    const answers = await Promise.all([post(admin, body, 'first-key'), post(admin, body, 'second-key')]);
    expect(answers.map((answer) => answer.statusCode).toSorted((a, b) => a - b)).toEqual([201, 409]);
    expect(await balanceOf(admin, bayo.userId)).toBe(0);
  });
});
