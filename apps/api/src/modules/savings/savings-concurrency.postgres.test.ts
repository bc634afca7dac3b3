import { describe, expect, it } from 'vitest';
import type { SignedInClient, TestContext } from '../../test/test-app.ts';
import { addStaff, balanceOf, deposit, expectNoLedgerDrift, openSavingsContext, post, transfer } from './savings-test-support.ts';

// PostgreSQL only: PGlite runs one transaction at a time, so it cannot show a race (STACK.md).
let ctx: TestContext;
let admin: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin } = opened));

describe('concurrent postings on PostgreSQL', () => {
  it('lets exactly the affordable withdrawals through, never overdraws and never deadlocks', async () => {
    // Three accounts with ₦100 each; every request moves ₦1, so each source affords exactly 100.
    const accounts = [await addStaff(admin), await addStaff(admin), await addStaff(admin)];
    for (const account of accounts) await deposit(admin, account.userId, 100);

    // Per source: 70 withdrawals and 70 transfers out (35 to each other account), 420 requests in all,
    // with transfers in both directions between every pair. Inflows land too, so a source's
    // affordable count depends on timing; the invariant is on money, checked below.
    type Request = { kind: 'withdrawal' | 'transfer'; from: number; to?: number };
    const requests: Request[] = [];
    for (const [from] of accounts.entries()) {
      for (let i = 0; i < 70; i++) requests.push({ kind: 'withdrawal', from });
      for (let i = 0; i < 70; i++) requests.push({ kind: 'transfer', from, to: (from + 1 + (i % 2)) % 3 });
    }
    const responses = await Promise.all(
      requests.map((request) => {
        const from = accounts[request.from]?.userId;
        if (request.kind === 'withdrawal') return post(admin, { userId: from, type: 'withdrawal', amount: 1 });
        return transfer(admin, { fromUserId: from, toUserId: accounts[request.to ?? 0]?.userId, amount: 1 });
      }),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 201 && status !== 409), JSON.stringify(responses.find((r) => r.statusCode >= 500)?.body)).toEqual([]);

    const withdrawalsDone = requests.filter((request, index) => request.kind === 'withdrawal' && statuses[index] === 201).length;
    // Transfers keep money inside the three accounts; only withdrawals take it out, so the total
    // left is exactly ₦300 less the withdrawals that succeeded, and no account went below zero.
    const balances = [];
    for (const account of accounts) balances.push(await balanceOf(admin, account.userId));
    expect(balances.every((balance) => balance >= 0)).toBe(true);
    expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(30_000 - withdrawalsDone * 100);
    await expectNoLedgerDrift(ctx);
  });

  it('lets exactly the affordable number through on one account', async () => {
    const account = await addStaff(admin);
    const other = await addStaff(admin);
    await deposit(admin, account.userId, 150);
    // 250 requests of ₦1 each against ₦150: 125 withdrawals, 125 transfers out.
    const responses = await Promise.all(
      Array.from({ length: 250 }, (_, index) =>
        index % 2 === 0
          ? post(admin, { userId: account.userId, type: 'withdrawal', amount: 1 })
          : transfer(admin, { fromUserId: account.userId, toUserId: other.userId, amount: 1 }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(150);
    expect(statuses.filter((status) => status === 409)).toHaveLength(100);
    expect(await balanceOf(admin, account.userId)).toBe(0);
  });

  it('opens exactly one account when first deposits and transfers for a holder who never saved race', async () => {
    const user = await ctx.signedIn('user');
    const source = await addStaff(admin);
    await deposit(admin, source.userId, 100);
    // 20 first deposits of ₦1 and 20 transfers of ₦1, all at once, into an account not yet open;
    // 10 withdrawals of ₦1 race them and succeed only once some money has landed.
    const responses = await Promise.all([
      ...Array.from({ length: 20 }, () => post(admin, { userId: user.userId, type: 'deposit', amount: 1 })),
      ...Array.from({ length: 20 }, () => transfer(admin, { fromUserId: source.userId, toUserId: user.userId, amount: 1 })),
      ...Array.from({ length: 10 }, () => post(admin, { userId: user.userId, type: 'withdrawal', amount: 1 })),
    ]);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.slice(0, 40), JSON.stringify(responses.find((r) => r.statusCode !== 201)?.body)).toEqual(Array.from({ length: 40 }, () => 201));
    expect(statuses.slice(40).every((status) => status === 201 || status === 409)).toBe(true);
    const withdrawn = statuses.slice(40).filter((status) => status === 201).length;
    const holders: { userId: string; accountId: string | null }[] = (await admin.get('/api/savings/holders')).json().holders;
    expect(holders.filter((holder) => holder.userId === user.userId && holder.accountId !== null)).toHaveLength(1);
    expect(await balanceOf(admin, user.userId)).toBe(4000 - withdrawn * 100);
    await expectNoLedgerDrift(ctx);
  });

  it('allocates gap-free, unique staff IDs when 30 staff are created at once', async () => {
    const holders: { staffId: string | null }[] = (await admin.get('/api/savings/holders')).json().holders;
    const before = Math.max(0, ...holders.map((holder) => Number(holder.staffId?.slice(3) ?? 0)));
    const created = await Promise.all(Array.from({ length: 30 }, () => addStaff(admin)));
    const numbers = created.map((staff) => Number(staff.staffId?.slice(3))).toSorted((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, index) => before + index + 1));
    // Thirty password hashes at once: seconds on an idle machine, far more on a busy 2-core one.
  }, 120_000);
});
