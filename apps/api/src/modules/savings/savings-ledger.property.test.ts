import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { koboToNairaString, type SavingsHolderListItem } from '@kobo/core';
import { createTestContext, type SignedInClient, type TestContext } from '../../test/test-app.ts';
import { addStaff, balanceOf, expectNoLedgerDrift, post, transfer } from './savings-test-support.ts';

let ctx: TestContext;
let admin: SignedInClient;
let holders: SavingsHolderListItem[];
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.signedIn('admin');
  holders = [await addStaff(admin), await addStaff(admin), await addStaff(admin)];
});
afterAll(async () => {
  if (ctx) await expectNoLedgerDrift(ctx);
  await ctx?.close();
});

const account = fc.integer({ min: 0, max: 2 });
const amount = fc.integer({ min: 1, max: 50_000 });
const operation = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), account, amount }),
  fc.record({ kind: fc.constant('withdrawal' as const), account, amount }),
  fc.record({ kind: fc.constant('transfer' as const), account, to: account, amount }),
);

/** The model: balances in kobo, and a refusal exactly where the source cannot cover the amount. */
describe('the ledger against a model', () => {
  it('agrees on every balance and every refusal for random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { maxLength: 15 }), async (operations) => {
        const model: number[] = [];
        for (const holder of holders) model.push(await balanceOf(admin, holder.userId));
        const expected: number[] = [];
        const actual: number[] = [];
        for (const op of operations) {
          const naira = koboToNairaString(op.amount);
          const from = holders[op.account]?.userId;
          const fromBalance = model[op.account] ?? 0;
          if (op.kind === 'transfer') {
            const response = await transfer(admin, { fromUserId: from, toUserId: holders[op.to]?.userId, amount: naira });
            const status = op.to === op.account ? 400 : fromBalance >= op.amount ? 201 : 409;
            expected.push(status);
            actual.push(response.statusCode);
            if (status === 201) {
              model[op.account] = fromBalance - op.amount;
              model[op.to] = (model[op.to] ?? 0) + op.amount;
            }
          } else {
            const response = await post(admin, { userId: from, type: op.kind, amount: naira });
            const isAffordable = op.kind === 'deposit' || fromBalance >= op.amount;
            expected.push(isAffordable ? 201 : 409);
            actual.push(response.statusCode);
            if (isAffordable) model[op.account] = fromBalance + (op.kind === 'deposit' ? op.amount : -op.amount);
          }
        }
        expect(actual).toEqual(expected);
        const balances: number[] = [];
        for (const holder of holders) balances.push(await balanceOf(admin, holder.userId));
        expect(balances).toEqual(model);
      }),
      { numRuns: 30 },
    );
  });
});
