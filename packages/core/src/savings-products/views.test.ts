import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { memberProductAccountViewSchema, penaltyRuleSchema, savingsProductViewSchema } from '../schemas/savings-products.ts';
import type { PenaltyRule, SavingsProduct } from './products.ts';
import { christmas, fixedDeposit, schoolFees, shares } from './test-products.ts';

/** The API's answers (issue 28's way): the view schemas and core's own types are one shape. */
describe('the savings products’ answer schemas', () => {
  it('describe exactly the product and its penalty', () => {
    expectTypeOf<z.output<typeof savingsProductViewSchema>>().toEqualTypeOf<SavingsProduct>();
    expectTypeOf<z.output<typeof penaltyRuleSchema>>().toEqualTypeOf<PenaltyRule>();
  });

  it('keep every rule of each kind', () => {
    for (const product of [shares, christmas, schoolFees, fixedDeposit]) expect(savingsProductViewSchema.parse(product)).toEqual(product);
  });

  it('keep a member’s account per product', () => {
    const account = {
      accountId: 'a-shares',
      productId: 'p-shares',
      productName: 'Shares',
      kind: 'shares',
      balanceKobo: 2_450_000,
      availableKobo: 0,
      nextPayoutOn: null,
      sharesHeld: 24,
      minimumHoldingKobo: 2_500_000,
      maturesOn: null,
      standingContributionKobo: 100_000,
    };
    expect(memberProductAccountViewSchema.parse(account)).toEqual(account);
    expect(memberProductAccountViewSchema.safeParse({ ...account, kind: 'loan' }).success).toBe(false);
  });
});
