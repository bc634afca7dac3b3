import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import type { SignedInClient, TestContext } from '../../../test/test-app.ts';
import { addStaff, deposit, expectNoLedgerDrift, openSavingsContext, post, setApprovalSettings } from '../savings-test-support.ts';

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot show a race (STACK.md).
let ctx: TestContext;
let maker: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin: maker } = opened));

const account = async (userId: string) => (await maker.get(`/api/savings/accounts/${userId}`)).json().account;
const ledgerRows = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.app.kobo.database.db,
      sql`select count(*)::int as n from savings_transactions t join savings_accounts a on a.id = t.account_id where a.user_id = ${userId}`,
    )
  )[0]?.n;

describe('savings requests under concurrency on PostgreSQL', () => {
  it('posts a request once when ten approvals arrive at the same moment', async () => {
    await setApprovalSettings(maker, { threshold: '15,000', memberPostingsDirect: false });
    const [first, second] = [await ctx.signedIn('admin'), await ctx.signedIn('admin')];
    const holder = await addStaff(maker);
    await deposit(maker, holder.userId, '100,000');
    const { request } = (await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '60,000' })).json();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 ? first : second).post(`/api/savings/requests/${request.id}/approve`, {})));
    const statuses = answers.map((answer) => answer.statusCode).toSorted();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.filter((answer) => answer.statusCode === 409).every((answer) => answer.json().message === 'This request has already been decided')).toBe(true);
    expect(await account(holder.userId)).toMatchObject({ balanceKobo: 4_000_000, pendingKobo: 0 });
    expect(await ledgerRows(holder.userId)).toBe(2);
  });

  it('decides a request once when approvals, declines and its cancel race', async () => {
    const checker = await ctx.signedIn('admin');
    const holder = await addStaff(maker);
    await deposit(maker, holder.userId, '100,000');
    const { request } = (await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '60,000' })).json();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => checker.post(`/api/savings/requests/${request.id}/approve`, {})),
      ...Array.from({ length: 4 }, () => checker.post(`/api/savings/requests/${request.id}/decline`, { reason: 'Race' })),
      maker.post(`/api/savings/requests/${request.id}/cancel`, {}),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(8);
    const decided = answers.find((answer) => answer.statusCode === 200)?.json().request.status;
    const after = await account(holder.userId);
    expect(after.pendingKobo).toBe(0);
    expect(after.balanceKobo).toBe(decided === 'approved' ? 4_000_000 : 10_000_000);
    expect(await ledgerRows(holder.userId)).toBe(decided === 'approved' ? 2 : 1);
  });

  it('never overdraws when pending withdrawals and direct withdrawals are made at once', async () => {
    const holder = await addStaff(maker);
    await deposit(maker, holder.userId, '100,000');
    // Ten ₦20,000 withdrawals wait for a second admin (above ₦15,000); ten ₦15,000 post at once.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => post(maker, { userId: holder.userId, type: 'withdrawal', amount: index % 2 ? '20,000' : '15,000' })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => ![201, 202, 409].includes(status)), JSON.stringify(answers.find((answer) => answer.statusCode >= 500)?.body)).toEqual([]);
    const posted = statuses.filter((status) => status === 201).length;
    const held = statuses.filter((status) => status === 202).length;
    const after = await account(holder.userId);
    expect(after.balanceKobo).toBe(10_000_000 - posted * 1_500_000);
    expect(after.pendingKobo).toBe(held * 2_000_000);
    // What was paid out and what is held never pass the ₦100,000 there was.
    expect(posted * 1_500_000 + held * 2_000_000).toBeLessThanOrEqual(10_000_000);
    // And the money ran out: less than either amount is left free.
    expect(after.balanceKobo - after.pendingKobo).toBeLessThan(1_500_000);
    await expectNoLedgerDrift(ctx);
  });

  it('lets only the free money out while a request is approved at the same moment', async () => {
    const checker = await ctx.signedIn('admin');
    const holder = await addStaff(maker);
    await deposit(maker, holder.userId, '100,000');
    const { request } = (await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '60,000' })).json();
    // ₦40,000 is free whichever commits first: four ₦10,000 withdrawals of five.
    const [approval, ...withdrawals] = await Promise.all([
      checker.post(`/api/savings/requests/${request.id}/approve`, {}),
      ...Array.from({ length: 5 }, () => post(maker, { userId: holder.userId, type: 'withdrawal', amount: '10,000' })),
    ]);
    expect(approval?.statusCode, approval?.body).toBe(200);
    expect(withdrawals.map((answer) => answer.statusCode).toSorted()).toEqual([201, 201, 201, 201, 409]);
    expect(await account(holder.userId)).toMatchObject({ balanceKobo: 0, pendingKobo: 0 });
  });
});
