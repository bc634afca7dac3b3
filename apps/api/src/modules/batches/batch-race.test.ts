import { describe, expect, it } from 'vitest';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { addStaff, balanceOf, deposit, expectNoLedgerDrift, openSavingsContext, post } from '../savings/savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened));

describe('a batch racing single withdrawals on the same accounts', () => {
  it('never overdraws, and every balance equals its ledger', async () => {
    const holders = [];
    for (let index = 0; index < 10; index += 1) {
      const holder = await addStaff(admin, { name: `Race Holder ${index}` });
      await deposit(admin, holder.userId, '1000');
      holders.push(holder);
    }
    const batch = admin.post('/api/savings/batches', {
      month: '2026-01',
      rows: holders.map((holder) => ({ ref: holder.staffId, amount: '600', type: 'withdrawal' })),
    });
    const singles = holders.flatMap((holder) =>
      Array.from({ length: 10 }, () => post(admin, { userId: holder.userId, type: 'withdrawal', amount: '100' })),
    );
    const [batchAnswer, ...singleAnswers] = await Promise.all([batch, ...singles]);
    expect([201, 409]).toContain(batchAnswer?.statusCode);
    const batchPosted = batchAnswer?.statusCode === 201;
    expect(singleAnswers.every((answer) => answer.statusCode === 201 || answer.statusCode === 409)).toBe(true);

    for (const [index, holder] of holders.entries()) {
      const mine = singleAnswers.slice(index * 10, index * 10 + 10).filter((answer) => answer.statusCode === 201).length;
      const balance = await balanceOf(admin, holder.userId);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(balance).toBe(100_000 - (batchPosted ? 60_000 : 0) - mine * 10_000);
    }
    await expectNoLedgerDrift(ctx);
  });
});
