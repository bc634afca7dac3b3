import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { openSavingsContext, setApprovalSettings } from './savings-test-support.ts';
import { createTestProduct, postToProduct, productAccountsOf, productBalance, PRODUCTS, type TestProduct } from './product-test-support.ts';

/**
 * Issue 29 with issue 15's approvals: a member's own posting to a product waits for an officer
 * (unless members post directly), an officer's withdrawal above the two-person threshold waits for
 * a second officer, and each approval posts to the product, judged by its rules again. Saturday
 * 5 December 2026: Christmas Savings is in its window.
 */
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext(
  (opened) => ({ ctx, admin } = opened),
  () => new Date('2026-12-05T10:00:00.000Z'),
);

const db = () => ctx.app.kobo.database.db as Database;
let christmas: TestProduct;
let shares: TestProduct;

beforeAll(async () => {
  christmas = await createTestProduct(db(), PRODUCTS.christmas());
  shares = await createTestProduct(db(), PRODUCTS.shares());
});

describe('product postings that wait for an officer', () => {
  it('records a member’s own Christmas withdrawal as a request holding ₦4,000, and its approval pays it from Christmas Savings', async () => {
    const member = await ctx.signedIn('user');
    expect((await postToProduct(admin, { userId: member.userId, productId: christmas.id, type: 'deposit', amount: '10,000' })).statusCode).toBe(201);

    const asked = await postToProduct(member, { productId: christmas.id, type: 'withdrawal', amount: '4,000' });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().request).toMatchObject({ origin: 'member', type: 'withdrawal', status: 'pending', amountKobo: 400_000 });
    const mine = await member.get('/api/savings/me/products');
    expect(mine.json().accounts.find((account: { productId: string }) => account.productId === christmas.id)).toMatchObject({ balanceKobo: 1_000_000, availableKobo: 600_000 });

    const approved = await admin.post(`/api/savings/requests/${asked.json().request.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().transaction).toMatchObject({ type: 'withdrawal', amountKobo: 400_000 });
    expect(await productBalance(admin, member.userId, christmas.id)).toBe(600_000);
    const accounts = await productAccountsOf(admin, member.userId);
    expect(accounts.find((account) => account.productName === 'Ordinary savings')).toMatchObject({ balanceKobo: 0 });
  });

  it('refuses a member’s request to withdraw shares before anything is recorded', async () => {
    const member = await ctx.signedIn('user');
    expect((await postToProduct(admin, { userId: member.userId, productId: shares.id, type: 'deposit', amount: '1,000' })).statusCode).toBe(201);
    const refused = await postToProduct(member, { productId: shares.id, type: 'withdrawal', amount: '100' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'SAVINGS_PRODUCT_RULE', message: 'Shares cannot be withdrawn while you are a member', field: 'productId' });
    const requests = await member.get('/api/savings/requests/mine');
    expect(requests.json().requests).toEqual([]);
  });

  it('sends an officer’s ₦2,000 Christmas withdrawal above a ₦1,000 threshold to a second officer', async () => {
    await setApprovalSettings(admin, { threshold: '1,000', memberPostingsDirect: false });
    const member = await ctx.signedIn('user');
    expect((await postToProduct(admin, { userId: member.userId, productId: christmas.id, type: 'deposit', amount: '5,000' })).statusCode).toBe(201);
    const asked = await postToProduct(admin, { userId: member.userId, productId: christmas.id, type: 'withdrawal', amount: '2,000' });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().request).toMatchObject({ origin: 'two_person', type: 'withdrawal' });
    expect((await admin.post(`/api/savings/requests/${asked.json().request.id}/approve`, {})).statusCode).toBe(403);
    const second = await ctx.signedIn('admin');
    const approved = await second.post(`/api/savings/requests/${asked.json().request.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await productBalance(admin, member.userId, christmas.id)).toBe(300_000);
  });
});
