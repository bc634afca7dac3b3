import { beforeAll, describe, expect, it } from 'vitest';
import { ORDINARY_SAVINGS_PRODUCT_ID } from '@kobo/core';
import type { Database } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { addStaff, balanceOf, deposit, expectNoLedgerDrift, openSavingsContext, post } from './savings-test-support.ts';
import { createTestProduct, postToProduct, productBalance, PRODUCTS, type TestProduct } from './product-test-support.ts';

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot show a race (STACK.md).
// Saturday 5 December 2026: Christmas Savings is in its window; Sallah Savings is early, at 5%.
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-12-05T10:00:00.000Z'),
);

const db = () => ctx.app.kobo.database.db as Database;
let christmas: TestProduct;
let shares: TestProduct;
let fixed: TestProduct;

beforeAll(async () => {
  christmas = await createTestProduct(db(), PRODUCTS.christmas());
  shares = await createTestProduct(db(), PRODUCTS.shares());
  fixed = await createTestProduct(db(), PRODUCTS.fixed());
});

const ownTransfer = (userId: string, fromProductId: string, toProductId: string, amount: number) =>
  admin.post('/api/savings/own-transfers', { userId, fromProductId, toProductId, amount });

describe('concurrent postings across a member’s products on PostgreSQL', () => {
  it('never overdraws any product when withdrawals and own transfers race across them, and never deadlocks', async () => {
    const member = await addStaff(admin);
    await deposit(admin, member.userId, 100);
    expect((await postToProduct(admin, { userId: member.userId, productId: christmas.id, type: 'deposit', amount: 100 })).statusCode).toBe(201);

    // ₦1 each: withdrawals from ordinary and Christmas, moves both ways between them, and shares bought from both.
    const kinds = ['ordinary-out', 'christmas-out', 'to-christmas', 'to-ordinary', 'shares-from-ordinary', 'shares-from-christmas'] as const;
    const requests = Array.from({ length: 300 }, (_, index) => kinds[index % kinds.length] as (typeof kinds)[number]);
    const responses = await Promise.all(
      requests.map((kind) => {
        switch (kind) {
          case 'ordinary-out':
            return post(admin, { userId: member.userId, type: 'withdrawal', amount: 1 });
          case 'christmas-out':
            return postToProduct(admin, { userId: member.userId, productId: christmas.id, type: 'withdrawal', amount: 1 });
          case 'to-christmas':
            return ownTransfer(member.userId, ORDINARY_SAVINGS_PRODUCT_ID, christmas.id, 1);
          case 'to-ordinary':
            return ownTransfer(member.userId, christmas.id, ORDINARY_SAVINGS_PRODUCT_ID, 1);
          case 'shares-from-ordinary':
            return ownTransfer(member.userId, ORDINARY_SAVINGS_PRODUCT_ID, shares.id, 1);
          case 'shares-from-christmas':
            return ownTransfer(member.userId, christmas.id, shares.id, 1);
        }
      }),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 201 && status !== 409), JSON.stringify(responses.find((r) => r.statusCode !== 201 && r.statusCode !== 409)?.body)).toEqual([]);

    // Both kinds of answer happened: the race was real.
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(100);
    // Moves keep the money among the member's products; only withdrawals take it out.
    const withdrawn = requests.filter((kind, index) => (kind === 'ordinary-out' || kind === 'christmas-out') && statuses[index] === 201).length;
    const balances = [await balanceOf(admin, member.userId), await productBalance(admin, member.userId, christmas.id), await productBalance(admin, member.userId, shares.id)];
    expect(balances.every((balance) => balance >= 0)).toBe(true);
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(20_000 - withdrawn * 100);
    await expectNoLedgerDrift(ctx);
  });

  it('lets exactly the affordable number out of one product', async () => {
    const member = await addStaff(admin);
    expect((await postToProduct(admin, { userId: member.userId, productId: christmas.id, type: 'deposit', amount: 150 })).statusCode).toBe(201);
    // 250 requests of ₦1 against ₦150 of Christmas savings: withdrawals, moves to ordinary savings, shares bought.
    const responses = await Promise.all(
      Array.from({ length: 250 }, (_, index) =>
        index % 3 === 0
          ? postToProduct(admin, { userId: member.userId, productId: christmas.id, type: 'withdrawal', amount: 1 })
          : ownTransfer(member.userId, christmas.id, index % 3 === 1 ? ORDINARY_SAVINGS_PRODUCT_ID : shares.id, 1),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(150);
    expect(statuses.filter((status) => status === 409)).toHaveLength(100);
    expect(await productBalance(admin, member.userId, christmas.id)).toBe(0);
    await expectNoLedgerDrift(ctx);
  });

  it('opens one fixed deposit when ten openings for one member race', async () => {
    const member = await addStaff(admin);
    await deposit(admin, member.userId, '1,000,000');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        admin.post('/api/savings/fixed-deposits', { userId: member.userId, productId: fixed.id, amount: '100,000', from: index % 2 === 0 ? 'ordinary' : 'cash' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201), JSON.stringify(responses.find((r) => r.statusCode !== 201 && r.statusCode !== 409)?.body)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect(responses.find((response) => response.statusCode === 409)?.json().message).toBe('Fixed Deposit is already open until 5 Jun 2027');
    expect(await productBalance(admin, member.userId, fixed.id)).toBe(10_000_000);
    await expectNoLedgerDrift(ctx);
  });
});
